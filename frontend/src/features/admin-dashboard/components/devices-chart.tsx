import type { DeviceStats } from '@risk-profile/contracts';
// The ESM build: the CommonJS one in lib/ reaches the bundle as a module object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from './echarts';

/** The dashboard's five-colour palette for the device pie. */
export const DEVICE_PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed'] as const;

export function DevicesChart({ data }: { data: DeviceStats }) {
  const summary = data.map((d) => `${d.deviceType}: ${d.count}`).join(', ');
  const option = {
    color: [...DEVICE_PALETTE],
    aria: { enabled: true, label: { description: `Completed assessments by device type. ${summary}.` } },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    // Names in a legend below and counts inside the slices: outside labels are cut off on a phone.
    legend: { bottom: 0 },
    series: [
      {
        name: 'Assessments',
        type: 'pie',
        radius: ['35%', '70%'],
        center: ['50%', '45%'],
        data: data.map((d) => ({ name: d.deviceType, value: d.count })),
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
      },
    ],
  };
  return (
    <figure className="admin-chart" aria-label={`Completed assessments by device type. ${summary}.`}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300, width: '100%' }} notMerge />
    </figure>
  );
}
