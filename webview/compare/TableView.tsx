// A shared table model (src/shared/report) as an HTML table: the same cells the CLI prints.
import React from 'react';
import type { TableModel } from '../../src/shared/report/export';

export function TableView({ table, role }: { table: TableModel; role: string }) {
  const textColumns = table.textColumns ?? 1;
  return (
    <div className="cmp-scroll">
      <table className="cmp-plain" data-role={role}>
        <thead>
          <tr>
            {table.header.map((h, i) => (
              <th key={i} className={i < textColumns ? 'text' : 'num'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((c, i) => (
                <td key={i} className={i < textColumns ? 'text' : 'num'}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
