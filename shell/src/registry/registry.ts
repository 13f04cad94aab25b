import { z } from 'zod';

/**
 * The runtime registry (public/remotes.json, replaceable at deploy time): which remotes exist, where
 * their manifests live, which paths they own and what they add to the sidebar. Adding, repointing or
 * rolling back an area is an edit of this file, never a shell change.
 */
const menuLink = z.object({ label: z.string().min(1), path: z.string().startsWith('/') });

export const menuItemSchema = z.object({
  key: z.string().min(1),
  label: z.string().min(1),
  icon: z.string().optional(),
  /** Position in the sidebar; the shell's own entries use 0 (Dashboard) and 40 (Maintenance). */
  order: z.number(),
  path: z.string().startsWith('/').optional(),
  children: z.array(menuLink).optional(),
});

export const remoteEntrySchema = z.object({
  /** The remote's federation name, e.g. 'mf_mines'; it exposes './app'. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  /** URL of the remote's mf-manifest.json. */
  entry: z.string().min(1),
  routes: z.array(z.object({ path: z.string().startsWith('/'), title: z.string().min(1) })).min(1),
  menu: z.array(menuItemSchema).default([]),
});

export const registrySchema = z.object({ remotes: z.array(remoteEntrySchema) });

export type MenuItem = z.infer<typeof menuItemSchema>;
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
export type Registry = z.infer<typeof registrySchema>;

export async function fetchRegistry(url = '/remotes.json'): Promise<Registry> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The area registry could not be loaded (HTTP ${response.status})`);
  return registrySchema.parse(await response.json());
}
