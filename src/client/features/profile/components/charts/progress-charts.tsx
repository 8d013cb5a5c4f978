import { Flame } from 'lucide-react';
import type { HistoryDay, LearnerHistory } from '#shared/contracts/history';
import { Spinner } from '#client/components/ui/spinner';
import { useHistory } from '../../api/get-history';
import { BarChart, ChartFigure, LineChart, type ChartPoint } from './chart-figure';
import { SectionLoadError } from '../section-load-error';

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A point per day; the axis names every `every`-th day, counted back from the last. */
function dailyPoints(
  days: readonly { date: string }[],
  valueOf: (index: number) => number,
  every: number,
): ChartPoint[] {
  const last = days.length - 1;
  return days.map((day, i) => ({
    label: dayLabel(day.date),
    axisLabel: i === last ? 'Today' : (last - i) % every === 0 ? shortDay(day.date) : '',
    value: valueOf(i),
  }));
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

const sum = (days: readonly HistoryDay[], pick: (day: HistoryDay) => number) =>
  days.reduce((total, day) => total + pick(day), 0);

/** Weeks of seven days ending today, oldest first. */
function weeks(days: readonly HistoryDay[]): HistoryDay[][] {
  const out: HistoryDay[][] = [];
  for (let end = days.length; end > 0; end -= 7) out.unshift(days.slice(Math.max(0, end - 7), end));
  return out;
}

function StreakCard({ streak }: { streak: LearnerHistory['streak'] }) {
  const note = streak.endsToday
    ? 'Listen, review or practise today to keep it: you missed yesterday.'
    : streak.days > 0 && !streak.activeToday
      ? 'Listen, review or practise today to add a day.'
      : 'One missed day never breaks it; two in a row do.';
  return (
    <div className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4">
      <Flame aria-hidden="true" className="size-8 shrink-0 text-accent-ink" />
      <div>
        <p className="font-serif text-2xl font-semibold text-ink">
          {streak.days === 0 ? 'No streak yet' : `${plural(streak.days, 'day')} in a row`}
        </p>
        <p className="text-sm text-ink-muted">
          {streak.forgiven > 0 && `${plural(streak.forgiven, 'missed day')} forgiven. `}
          {note}
        </p>
      </div>
    </div>
  );
}

/** The profile's "Your progress": charts, each with its table, and the streak. */
export function ProgressCharts() {
  const { data, isPending, isError, refetch } = useHistory();
  if (isPending) return <Spinner label="Loading your progress..." className="py-6" />;
  if (isError) {
    return (
      <SectionLoadError title="Progress unavailable" onRetry={() => void refetch()}>
        Your progress could not be loaded.
      </SectionLoadError>
    );
  }
  const { days, forecast, streak } = data;
  const lastWeek = days.slice(-7);
  const minutesThisWeek = Math.round(sum(lastWeek, (day) => day.listeningMinutes));
  const wordsNow = days.at(-1)?.wordsKnown ?? 0;
  const wordsGained = wordsNow - (days[0]?.wordsKnown ?? 0);
  const weekly = weeks(days);
  const weekAnswers = sum(lastWeek, (day) => day.exercises);
  const weekRight = sum(lastWeek, (day) => day.exercisesRight);
  const dueToday = forecast[0]?.due ?? 0;
  const dueWeek = forecast.slice(0, 7).reduce((total, day) => total + day.due, 0);
  // A week without exercises has no share: NaN, drawn as no bar and read as "no exercises".
  const share = (right: number, of: number) =>
    of === 0 ? Number.NaN : Math.round((right / of) * 100);
  const minutesPoints = dailyPoints(days, (i) => days[i]!.listeningMinutes, 21);
  const wordsPoints = dailyPoints(days, (i) => days[i]!.wordsKnown, 21);
  const exercisePoints = weekly.map((week, i) => ({
    label: `Week of ${dayLabel(week[0]!.date)}`,
    axisLabel: i === weekly.length - 1 ? 'This week' : i === 0 ? shortDay(week[0]!.date) : '',
    value: share(
      sum(week, (day) => day.exercisesRight),
      sum(week, (day) => day.exercises),
    ),
  }));
  const forecastPoints = forecast.map((day, i) => ({
    label: dayLabel(day.date),
    axisLabel: i % 7 === 0 ? (i === 0 ? 'Today' : shortDay(day.date)) : '',
    value: day.due,
  }));

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <StreakCard streak={streak} />
      </div>
      <ChartFigure
        title="Listening minutes per day"
        summary={`${plural(minutesThisWeek, 'minute')} in the last 7 days.`}
        valueHeading="Minutes"
        points={minutesPoints}
        formatValue={(value) => String(Math.round(value))}
      >
        <BarChart points={minutesPoints} minimumMax={5} />
      </ChartFigure>
      <ChartFigure
        title="Words known"
        summary={`${plural(wordsNow, 'word')} known${wordsGained > 0 ? `, ${wordsGained.toLocaleString('en-US')} more than ${days.length / 7} weeks ago` : ''}.`}
        valueHeading="Words"
        points={wordsPoints}
      >
        <LineChart points={wordsPoints} />
      </ChartFigure>
      <ChartFigure
        title="Exercises right, per week"
        summary={
          weekAnswers === 0
            ? 'No exercises in the last 7 days.'
            : `${share(weekRight, weekAnswers)}% right in the last 7 days (${plural(weekAnswers, 'answer')}).`
        }
        valueHeading="Right"
        points={exercisePoints}
        formatValue={(value) => (Number.isNaN(value) ? 'No exercises' : `${value}%`)}
      >
        <BarChart points={exercisePoints} minimumMax={100} />
      </ChartFigure>
      <ChartFigure
        title="Review cards due"
        summary={`${plural(dueToday, 'card')} due today, ${plural(dueWeek, 'card')} in the next 7 days.`}
        valueHeading="Cards due"
        points={forecastPoints}
      >
        <BarChart points={forecastPoints} />
      </ChartFigure>
    </div>
  );
}
