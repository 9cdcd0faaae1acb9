import { type DeviceType, formatDuration } from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { useDevices } from '../api/analytics-queries';
import type { DashboardFilter } from '../model/dashboard-search';
import { DevicesChart } from './devices-chart';
import { QueryState } from './query-state';

const ICONS: Record<DeviceType, string> = {
  mobile:
    'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm5 17a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  tablet:
    'M5 2h14a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm7 17a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  desktop: 'M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-7v2h3v2H7v-2h3v-2H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
};

export function DeviceIcon({ type }: { type: DeviceType }) {
  return (
    <svg
      className="device-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      data-device={type}
    >
      <path d={ICONS[type]} fill="currentColor" />
    </svg>
  );
}

export function DevicesTab({ filter }: { filter: DashboardFilter }) {
  const query = useDevices(filter);
  return (
    <Card>
      <header className="card__header">
        <div>
          <h2 className="card__title">Devices</h2>
          <p className="card__description">
            Completed assessments by device type, with the average completion time.
          </p>
        </div>
      </header>
      <QueryState
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="No completed assessments yet. Devices appear here once clients sign their assessments."
      >
        {(rows) => (
          <div className="admin__split">
            <DevicesChart data={rows} />
            <ul className="device-list">
              {rows.map((d) => (
                <li key={d.deviceType} className="device-list__item">
                  <DeviceIcon type={d.deviceType} />
                  <span className="device-list__name">{d.deviceType}</span>
                  <span>
                    {d.count} {d.count === 1 ? 'assessment' : 'assessments'}
                  </span>
                  <span>{formatDuration(d.averageCompletionTime)} average</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
