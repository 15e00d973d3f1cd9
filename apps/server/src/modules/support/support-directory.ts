/** One Fairway user as a support tool's contact (the console's "Sync" button, spec §2 Admin → Users). */
export interface SupportContact {
  email: string;
  userId: string;
  role: string;
  /** names of the sites the user holds */
  sites: string[];
  lastSeen: Date | null;
}

/**
 * Where the users export goes. The composition root picks one: Crisp when its keys are configured, else the
 * local directory (the `support_contacts` table). An export either answers its counts or throws
 * `SupportDirectoryError`; it never answers a partial count.
 */
export interface SupportDirectory {
  /** names the provider in the answer, e.g. 'local' or 'crisp' */
  readonly provider: string;
  /** Creates or updates one contact per email; answers how many were new and how many were already there. */
  upsert(contacts: SupportContact[]): Promise<{ created: number; updated: number }>;
}

/** The support tool refused or could not be reached: the export answers 502 with this message. */
export class SupportDirectoryError extends Error {}
