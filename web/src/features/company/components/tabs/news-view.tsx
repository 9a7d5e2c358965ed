import type { NewsArticle } from '@contract/api';
import { cn } from '@/components/ui/cn';
import { formatDate, humanize } from '@/lib/format';
import { EmptyState } from '../panel-states';

const SENTIMENT_TONE: Readonly<Record<string, string>> = {
  positive: 'bg-emerald-50 text-emerald-800',
  negative: 'bg-rose-50 text-rose-800',
  neutral: 'bg-slate-100 text-slate-700',
};

/** News: publisher, date, sentiment, tag and summary of each article. */
export function NewsView({ articles, offset }: { articles: readonly NewsArticle[]; offset: number }) {
  if (articles.length === 0)
    return <EmptyState title={offset > 0 ? 'No more news' : 'No news about this company'} />;
  return (
    <ul className="space-y-3" aria-label="News articles">
      {articles.map((a) => (
        <NewsItem key={a.id} article={a} />
      ))}
    </ul>
  );
}

function NewsItem({ article: a }: { article: NewsArticle }) {
  const date = formatDate(a.published_date);
  const title = a.title || 'Untitled article';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="news-article">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium text-slate-700">{a.publisher || 'Unknown publisher'}</span>
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
        <span className="text-slate-500">{date ?? 'Date unknown'}</span>
        {a.sentiment && (
          <span
            className={cn(
              'rounded px-1.5 py-0.5',
              SENTIMENT_TONE[a.sentiment.toLowerCase()] ?? SENTIMENT_TONE.neutral,
            )}
          >
            {humanize(a.sentiment)}
          </span>
        )}
        {a.primary_tag && (
          <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-indigo-700">
            {humanize(a.primary_tag)}
          </span>
        )}
      </p>
      <h2 className="mt-1.5 text-base font-medium text-slate-900">
        {/^https?:\/\//i.test(a.url) ? (
          <a href={a.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
            {title}
          </a>
        ) : (
          title
        )}
      </h2>
      {a.ai_summary && <p className="mt-1 leading-6 text-slate-600">{a.ai_summary}</p>}
    </li>
  );
}
