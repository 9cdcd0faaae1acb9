import { type DropOff, questionLabel, questionShortId } from '@risk-profile/contracts';
// The ESM build: the CommonJS one in lib/ reaches the bundle as a module object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from './echarts';

/** Below this width of the chart, 18 labels of "Q10" do not fit side by side. */
const NARROW_CHART_PX = 560;

/**
 * Bars of drop-off per question. The figure's label carries the same numbers for screen readers,
 * once: the drawing itself is hidden from them (ECharts' own aria description said it again).
 */
export function DropOffChart({ data }: { data: DropOff }) {
  const summary = data.map((d) => `${questionLabel(d.questionId)}: ${d.dropOffRate.toFixed(1)}%`).join(', ');
  const axisIds = data.map((d) => questionShortId(d.questionId));
  const baseOption = {
    grid: { left: 40, right: 12, top: 16, bottom: 32, containLabel: false },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Number(v).toFixed(1)}%` },
    xAxis: {
      type: 'category',
      // Each bar is named by its question's number and short text; the axis, with no room for the
      // text, shows the number ("Q5") and the tooltip the whole name.
      data: data.map((d) => questionLabel(d.questionId)),
      // Every label; where they would not fit side by side (a phone), they stand upright (below).
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
  // A phone's chart is too narrow for 18 labels side by side (ECharts would skip every other):
  // there each label stands upright, narrower than its bar's slot, so every question is named.
  const option = {
    baseOption,
    media: [
      {
        query: { maxWidth: NARROW_CHART_PX },
        option: {
          grid: { bottom: 40 },
          xAxis: { axisLabel: { interval: 0, rotate: 90, fontSize: 10 } },
        },
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
