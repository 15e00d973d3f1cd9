import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * The CLI's memory of the carts it registered, so later runs reuse their credentials instead of
 * registering new devices every time. It holds device secrets: it lives under data/ (git-ignored).
 */
const savedCart = z.object({
  deviceId: z.string().min(1),
  serial: z.string().min(1),
  secret: z.string().min(1),
  carNumber: z.string().min(1),
  /** the site the cart was last moved to, if any */
  siteId: z.string().nullable().default(null),
});
export type SavedCart = z.infer<typeof savedCart>;

const fleetFile = z.object({
  version: z.literal(1),
  /** the API the carts were registered with; credentials from another server are useless */
  api: z.string(),
  carts: z.array(savedCart),
});
export type FleetFile = z.infer<typeof fleetFile>;

export const defaultFleetFilePath = (carts: number): string => `data/simulator-fleet-${carts}.json`;

/** The saved fleet, or null when there is none yet. A file that does not parse is an error, not a reset. */
export async function readFleetFile(path: string): Promise<FleetFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = fleetFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not a simulator fleet file: ${parsed.error.message}`);
  return parsed.data;
}

/** Written to a temporary file first, so an interrupted run never leaves a half-written file. */
export async function writeFleetFile(path: string, file: FleetFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
