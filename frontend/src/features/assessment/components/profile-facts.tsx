import type { RiskProfile } from '@risk-profile/contracts';

/** The profile's key figures (docs/product-rules.md). */
export function ProfileFacts({ profile }: { profile: RiskProfile }) {
  const rows: [string, string][] = [
    ['Likelihood of a negative year', profile.negativeYears],
    ['In a bad year, the portfolio could be', profile.badYear],
    ['Minimum time to stay invested', profile.minimumHorizon],
    ['Defensive assets (cash and fixed interest)', profile.defensiveAllocation],
    ['Growth assets (shares and property)', profile.growthAllocation],
  ];
  return (
    <table className="facts-table">
      <caption className="visually-hidden">Key facts about the {profile.name} profile</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
