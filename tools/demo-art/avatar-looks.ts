import type { AvatarLook } from './avatar-pictures';

const skin = { light: '#f3cfb3', fair: '#e8b896', olive: '#c99a6e', brown: '#a47148', dark: '#6b4226' } as const;
const hair = { black: '#1c1917', brown: '#4b2e1a', auburn: '#9a3412', blond: '#ca8a04', grey: '#9ca3af' } as const;

/**
 * How every demo reviewer looks, by the review's key in the seed's reviews
 * (src/server/db/seed/reviews.ts): a person gets a face, a company its initials.
 */
export const avatarLooks: Readonly<Record<string, AvatarLook>> = {
  'bellini-auto-repair': { background: '#2563eb' },
  'fischer-motorsport': { background: '#ea580c' },
  'dave-kowalski': {
    background: '#0891b2',
    face: { skin: skin.light, hair: hair.blond, style: 'cap', shirt: '#475569', beard: true },
  },
  'sarah-okafor': { background: '#7c3aed', face: { skin: skin.dark, hair: hair.black, style: 'bun', shirt: '#ea580c' } },
  'tom-becker': { background: '#0d9488', face: { skin: skin.fair, hair: hair.brown, style: 'short', shirt: '#334155' } },
  'priya-raman': { background: '#db2777', face: { skin: skin.olive, hair: hair.black, style: 'long', shirt: '#1e293b' } },
  'northside-fleet-services': { background: '#0f766e' },
  'miguel-torres': {
    background: '#0284c7',
    face: { skin: skin.olive, hair: hair.grey, style: 'short', shirt: '#ea580c', beard: true },
  },
  'ahmed-hassan': {
    background: '#f59e0b',
    face: { skin: skin.brown, hair: hair.black, style: 'bald', shirt: '#1e293b', beard: true },
  },
  'ridgeline-logistics': { background: '#4f46e5' },
  'hannah-lee': { background: '#e11d48', face: { skin: skin.fair, hair: hair.black, style: 'bun', shirt: '#334155' } },
  'kofi-asante': { background: '#9333ea', face: { skin: skin.dark, hair: hair.black, style: 'curly', shirt: '#0f766e' } },
  'greenway-taxis': { background: '#15803d' },
  'carla-mendes': { background: '#16a34a', face: { skin: skin.olive, hair: hair.auburn, style: 'long', shirt: '#f8fafc' } },
  'james-oconnor': { background: '#64748b', face: { skin: skin.light, hair: hair.auburn, style: 'short', shirt: '#0d9488' } },
};
