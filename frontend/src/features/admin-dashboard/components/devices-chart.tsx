import type { DeviceStats } from '@risk-profile/contracts';
// The ESM build: the CommonJS one in lib/ reaches the bundle as a module object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from './echarts';

/** The dashboard's five-colour palette for the device pie. */
export const DEVICE_PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed'] as const;

/** A device type as the list beside the chart shows it: Desktop, Mobile, Tablet. */
const deviceName = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1);

/** The pie of completed assessments by device; labelled for screen readers once, by its figure. */
export function DevicesChart({ data }: { data: DeviceStats }) {
  const summary = data.map((d) => `${deviceName(d.deviceType)}: ${d.count}`).join(', ');
  const option = {
    color: [...DEVICE_PALETTE],
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${p.value} (${p.percent.toFixed(1)}%)`,
    },
    // Names in a legend below and counts inside the slices: outside labels are cut off on a phone.
    legend: { bottom: 0 },
    series: [
      {
        name: 'Assessments',
        type: 'pie',
        radius: ['35%', '70%'],
        center: ['50%', '45%'],
        data: data.map((d) => ({ name: deviceName(d.deviceType), value: d.count })),
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
      },
    ],
  };
  return (
    <figure
      className="admin-chart"
      role="img"
      aria-label={`Completed assessments by device type. ${summary}.`}
    >
      <div aria-hidden="true">
        <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300, width: '100%' }} notMerge />
      </div>
    </figure>
  );
}
