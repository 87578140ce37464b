/** The employee behind an action, as audit rows record it; null for the system (a job, a provider). */
export type Actor = { id: string; name: string } | null;

/** «Мария Иванова» of the signed-in user, for the audit rows of what they do. */
export function actorOf(auth: { user: { id: string; name: string; surname: string } }): Actor {
  return { id: auth.user.id, name: [auth.user.name, auth.user.surname].filter(Boolean).join(' ') };
}
