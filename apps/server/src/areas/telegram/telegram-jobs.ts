import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import type { PostsService } from './posts.service.js';
import type { Sender } from './sender.js';

/** The scheduler's turn is short; a post leaves at the instance's next look for due jobs (JOBS_POLL_SECONDS). */
export function telegramJobs({ db, posts, sender }: { db: Db; posts: PostsService; sender: Sender }): Job[] {
  return [
    { name: 'telegram.posts', everySeconds: 10, run: async () => void (await posts.queueDuePosts()) },
    {
      name: 'telegram.housekeeping',
      everySeconds: 60,
      run: async () => {
        await sender.expireLeases();
        // Telegram repeats an update for at most a day; spent link tokens are of no use after theirs.
        await db.execute(sql`delete from telegram_updates where received_at < now() - interval '7 days'`);
        await db.execute(sql`delete from telegram_link_tokens where expires_at < now() - interval '1 day'`);
      },
    },
  ];
}
