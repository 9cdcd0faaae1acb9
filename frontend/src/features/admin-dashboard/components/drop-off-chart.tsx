import { type DropOff, questionLabel, questionShortId } from '@risk-profile/contracts';
// The ESM build: the CommonJS one in lib/ reaches the bundle as a module object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from './echarts';

/**
 * Bars of drop-off per question. The figure's label carries the same numbers for screen readers,
 * once: the drawing itself is hidden from them (ECharts' own aria description said it again).
 */
export function DropOffChart({ data }: { data: DropOff }) {
  const summary = data.map((d) => `${questionLabel(d.questionId)}: ${d.dropOffRate.toFixed(1)}%`).join(', ');
  const axisIds = data.map((d) => questionShortId(d.questionId));
  const option = {
    grid: { left: 40, right: 12, top: 16, bottom: 32, containLabel: false },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Number(v).toFixed(1)}%` },
    xAxis: {
      type: 'category',
      // Each bar is named by its question's number and short text; the axis, with no room for the
      // text, shows the number ("Q5") and the tooltip the whole name.
      data: data.map((d) => questionLabel(d.questionId)),
      // Every label where they fit; on a phone ECharts skips some rather than overlap them (the
      // tooltip and the figure's label name every question).
      axisLabel: {
        interval: 'auto',
        fontSize: 10,
        formatter: (_: string, index: number) => axisIds[index] ?? '',
      },
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: 'Drop-off Rate',
        type: 'bar',
        data: data.map((d) => d.dropOffRate),
        itemStyle: { color: '#2563eb' },
      },
    ],
  };
  return (
    <figure className="admin-chart" role="img" aria-label={`Drop-off rate by question. ${summary}.`}>
      <div aria-hidden="true">
        <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300, width: '100%' }} notMerge />
      </div>
    </figure>
  );
}
