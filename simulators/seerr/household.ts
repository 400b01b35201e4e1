// The demo household's Seerr users: the owner (Seerr's first admin, whom the owner's clients map to), a member
// whose requests wait for approval and whose Telegram chat id is set in Seerr (so the bot maps her), and one
// whose requests are approved at once. Permission bits as in server/lib/permissions.ts (seerr-team/seerr v3.1.0).
import { PERM, type SimUser } from './state.js'

export const DEMO_SEERR_USERS: SimUser[] = [
  { id: 1, username: 'owner', email: 'owner@home.example', permissions: PERM.ADMIN },
  { id: 2, username: 'alice', email: 'alice@home.example', permissions: PERM.REQUEST, telegramChatId: '111', telegramTypes: 0 },
  { id: 3, username: 'bob', email: 'bob@home.example', permissions: PERM.REQUEST | PERM.AUTO_APPROVE, movieQuotaLimit: 5 }
]
