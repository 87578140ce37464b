import { moscowLocalOf, type TelegramPostBody } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import { linkChat } from './links.repository.js';
import type { PostsService } from './posts.service.js';

/**
 * The Telegram area's part of the demo data (`src/seed/`): linked chats as if the people pressed
 * Start, and posts made as the admin makes them; nothing in the running shop calls it.
 */
export function createTelegramDemo({ db, accounts, posts }: { db: Db; accounts: AccountsArea; posts: PostsService }) {
  return {
    /**
     * The chats of these clients linked (emulated Telegram users who pressed Start), and the given
     * posts scheduled; a post without a time goes out at once.
     */
    async seed(demo: {
      chats: { phone: string; chatId: number; accountTitle: string }[];
      posts: (Omit<TelegramPostBody, 'sendAt'> & { sendAt: string | null })[];
    }): Promise<void> {
      const clients = await accounts.findClientsByPhones(
        db,
        demo.chats.map((chat) => chat.phone),
      );
      await db.transaction(async (tx) => {
        for (const chat of demo.chats) {
          const client = clients.get(chat.phone);
          if (client) await linkChat(tx, { userId: client.id, phone: chat.phone, chatId: chat.chatId, accountTitle: chat.accountTitle });
        }
      });
      for (const post of demo.posts) {
        const created = await posts.create({ ...post, sendAt: post.sendAt ?? moscowLocalOf(new Date()) }, null);
        if (!post.sendAt) await posts.sendNow(created.id);
      }
    },
  };
}
