import type { Post } from '@contract/api';
import { formatCount, formatDate, humanize } from '@/lib/format';
import { EmptyState } from '../panel-states';

/** Posts: each with its content type, date, text and engagement counts. */
export function PostsView({ posts, offset }: { posts: readonly Post[]; offset: number }) {
  if (posts.length === 0)
    return <EmptyState title={offset > 0 ? 'No more posts' : 'No posts for this company'} />;
  return (
    <ul className="space-y-3" aria-label="Posts">
      {posts.map((p) => (
        <PostItem key={p.id} post={p} />
      ))}
    </ul>
  );
}

function PostItem({ post: p }: { post: Post }) {
  const m = p.engagement_metrics;
  const date = formatDate(p.posted_date);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="post">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-indigo-50 px-1.5 py-0.5 font-medium text-indigo-700">
          {humanize(p.content_type)}
        </span>
        {p.post_classification && <span className="text-slate-500">{p.post_classification}</span>}
        {p.is_paid && <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">Promoted</span>}
        {p.reposted && <span className="text-slate-500">Repost</span>}
        <span className="ml-auto text-slate-500">{date ?? 'Date unknown'}</span>
      </p>
      {p.author.name && (
        <p className="mt-1 text-xs text-slate-500">
          {p.author.name}
          {p.author.title ? ` · ${p.author.title}` : ''}
        </p>
      )}
      <p className="mt-2 leading-6 whitespace-pre-line text-slate-800">
        {p.text_content || <span className="text-hint">No text</span>}
      </p>
      {p.mentions.length > 0 && (
        <p className="mt-1 text-xs text-slate-500">Mentions: {p.mentions.map((x) => x.name).join(', ')}</p>
      )}
      {/* The link sits beside the metrics, not in their list: a <dl> holds only its terms and values. */}
      <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs text-slate-600">
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          <Metric label="Reactions" value={m.total_reaction_count} />
          <Metric label="Likes" value={m.like_count} />
          <Metric label="Comments" value={m.comments_count} />
          <Metric label="Reposts" value={m.reposts_Count} />
        </dl>
        {/^https?:\/\//i.test(p.link) && (
          <a
            href={p.link}
            target="_blank"
            rel="noreferrer noopener"
            className="ml-auto text-indigo-600 hover:underline"
          >
            View post
          </a>
        )}
      </div>
    </li>
  );
}

function Metric({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
