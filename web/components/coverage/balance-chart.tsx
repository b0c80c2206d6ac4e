import type { AccountChain } from '@contract/accounts/chain';
import { VERDICT_WORDS } from '@contract/accounts/chain-words';
import { formatAmount, formatDay } from '@contract/format';
import styles from './coverage.module.css';

/** The drawing's own units: it scales to the width it is given, keeping its shape. */
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 12;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * An account's closing balances over time, drawn on the server as SVG: a point per
 * statement at its last day, joined where one statement follows on from the one before,
 * and a gap (no line, its days shaded) where a statement is missing; a break, an overlap
 * or a duplicate is marked at its statement. Colours come from the theme's variables, so
 * it reads in light and dark; the same numbers follow as a table for screen readers.
 */
export const BalanceChart = ({ chain }: { chain: AccountChain }) => {
  const points = chain.links.flatMap((link) => {
    const { to, closing, currency } = link.statement.balances ?? {};
    return to && closing != null ? [{ link, day: dayNumber(to), to, closing, currency }] : [];
  });
  if (points.length < 2) return null;
  const [first, last] = [points[0].day, points.at(-1)!.day];
  const values = points.map((point) => point.closing);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const x = (day: number) => PAD + ((day - first) / Math.max(1, last - first)) * (WIDTH - 2 * PAD);
  const y = (value: number) => HEIGHT - PAD - ((value - low) / Math.max(0.01, high - low)) * (HEIGHT - 2 * PAD);
  const currency = points.find((point) => point.currency)?.currency;
  const joined = points.slice(1).map((point, index) => ({ from: points[index], to: point, kind: point.link.verdict.kind }));
  return (
    <figure className={styles.chart} aria-label="Closing balances over time">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={styles.chartDrawing} aria-hidden="true" focusable="false">
        {joined.map(({ from, to, kind }) =>
          kind === 'missing' ? (
            <rect
              key={to.link.statement.id}
              className={styles.chartGap}
              x={x(from.day)}
              y={0}
              width={Math.max(1, x(dayNumber(to.link.statement.balances!.from ?? to.to)) - x(from.day))}
              height={HEIGHT}
            />
          ) : (
            <line
              key={to.link.statement.id}
              className={kind === 'continuous' ? styles.chartLine : styles.chartBroken}
              x1={x(from.day)}
              y1={y(from.closing)}
              x2={x(to.day)}
              y2={y(to.closing)}
            />
          ),
        )}
        {points.map((point) => (
          <circle
            key={point.link.statement.id}
            className={['first', 'continuous'].includes(point.link.verdict.kind) ? styles.chartPoint : styles.chartMarked}
            cx={x(point.day)}
            cy={y(point.closing)}
            r={4}
          />
        ))}
      </svg>
      <figcaption className={styles.chartScale}>
        <span>{formatDay(points[0].to)}</span>
        <span>
          Lowest {formatAmount(low, currency)} · highest {formatAmount(high, currency)}
        </span>
        <span>{formatDay(points.at(-1)!.to)}</span>
      </figcaption>
      {/* Hidden in a box of its own: a table is never narrower than its cells, so hiding the table itself would widen the page. */}
      <div className="visually-hidden">
      <table>
        <caption>Closing balance of each statement</caption>
        <thead>
          <tr>
            <th scope="col">Last day</th>
            <th scope="col">Closing balance</th>
            <th scope="col">Follows the one before</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.link.statement.id}>
              <td>{formatDay(point.to)}</td>
              <td>{formatAmount(point.closing, point.currency)}</td>
              <td>{VERDICT_WORDS[point.link.verdict.kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
};
