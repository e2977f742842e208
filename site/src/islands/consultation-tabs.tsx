import { Tabs } from '@tidewatch/ui';
import * as table from '../components/page/data-table.css';
import * as styles from './consultation-tabs.css';

export interface ConsultationTab {
  id: string;
  name: string;
  features: string[];
  rows: { level: string; text: string; experience: string; rate: string }[];
}

export interface ConsultationTabsProps {
  label: string;
  headers: { level: string; experience: string; rate: string };
  tabs: ConsultationTab[];
}

/** Consultation rates by kind (remote, onsite, without a subscription); text and rates come formatted from the page. */
export default function ConsultationTabs({ label, headers, tabs }: ConsultationTabsProps) {
  return (
    <Tabs
      label={label}
      items={tabs.map((tab) => ({
        id: tab.id,
        label: tab.name,
        panel: (
          <div className={styles.panel}>
            <div className={table.frame}>
              <table className={table.table}>
                <caption className="sr-only">{tab.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">{headers.level}</th>
                    <th scope="col">{headers.experience}</th>
                    <th scope="col" className={table.numeric}>
                      {headers.rate}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tab.rows.map((row) => (
                    <tr key={row.level}>
                      <th scope="row">
                        {row.level}
                        <span className={table.rowNote}>{row.text}</span>
                      </th>
                      <td className={table.nowrap}>{row.experience}</td>
                      <td className={table.numeric}>{row.rate}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className={styles.features}>
              {tab.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </div>
        ),
      }))}
    />
  );
}
