import type { AvatarLook } from './avatar-pictures';

export interface DemoReview {
  /** Stable key the review's id is derived from. */
  key: string;
  name: string;
  rating: number;
  text: string;
  /** The catalogue key of the part the review is about, or null for a review of the shop. */
  partKey: string | null;
  avatar: AvatarLook;
}

const skin = { light: '#f3cfb3', fair: '#e8b896', olive: '#c99a6e', brown: '#a47148', dark: '#6b4226' } as const;
const hair = { black: '#1c1917', brown: '#4b2e1a', auburn: '#9a3412', blond: '#ca8a04', grey: '#9ca3af' } as const;

/**
 * Customer reviews, newest first. A review is never older than its part: the seed dates parts and
 * reviews by position, so a review may only name a part at the same or a later position in the catalogue.
 */
export const demoReviews: readonly DemoReview[] = [
  {
    key: 'bellini-auto-repair',
    name: 'Bellini Auto Repair',
    rating: 5,
    text: 'We fit these on every hatchback that comes through the shop now. Quiet from the first stop, and hardly any dust on the wheels after a month.',
    partKey: 'ceramic-front-brake-pads',
    avatar: { background: '#2563eb' },
  },
  {
    key: 'fischer-motorsport',
    name: 'Fischer Motorsport',
    rating: 5,
    text: 'We ran these discs through a full track day without any fade. Perfectly balanced, no vibration at all.',
    partKey: 'drilled-slotted-brake-disc-pair',
    avatar: { background: '#ea580c' },
  },
  {
    key: 'dave-kowalski',
    name: 'Dave Kowalski',
    rating: 4,
    text: 'Noticeably crisper throttle response on my weekend car. The clamp takes a little effort to fit, but the quality is excellent.',
    partKey: 'high-flow-air-filter',
    avatar: { background: '#0891b2', face: { skin: skin.light, hair: hair.blond, style: 'cap', shirt: '#475569', beard: true } },
  },
  {
    key: 'sarah-okafor',
    name: 'Sarah Okafor',
    rating: 5,
    text: 'I manage 28 delivery vans that stop and start all day. The AGM batteries have not missed a single start all winter.',
    partKey: 'agm-start-stop-battery-70ah',
    avatar: { background: '#7c3aed', face: { skin: skin.dark, hair: hair.black, style: 'bun', shirt: '#ea580c' } },
  },
  {
    key: 'tom-becker',
    name: 'Tom Becker',
    rating: 5,
    text: 'Fitted both front struts in an afternoon in my own garage, no spring compressor needed. The car rides like new again.',
    partKey: 'front-strut-assembly',
    avatar: { background: '#0d9488', face: { skin: skin.fair, hair: hair.brown, style: 'short', shirt: '#334155' } },
  },
  {
    key: 'priya-raman',
    name: 'Priya Raman',
    rating: 4,
    text: 'Much whiter light than my old halogens and the beam pattern is spot on, with no flashes from oncoming traffic. One retaining clip was a bit tight.',
    partKey: 'led-headlight-bulbs-h7',
    avatar: { background: '#db2777', face: { skin: skin.olive, hair: hair.black, style: 'long', shirt: '#1e293b' } },
  },
  {
    key: 'northside-fleet-services',
    name: 'Northside Fleet Services',
    rating: 5,
    text: 'Ordering the kit instead of loose parts saves our technicians a lot of hunting. Everything was in the box, bolts included.',
    partKey: 'timing-belt-kit',
    avatar: { background: '#0f766e' },
  },
  {
    key: 'miguel-torres',
    name: 'Miguel Torres',
    rating: 5,
    text: 'Clear part numbers, fast shipping, and a real person answered my fitment question within an hour. I will order here again.',
    partKey: null,
    avatar: { background: '#0284c7', face: { skin: skin.olive, hair: hair.grey, style: 'short', shirt: '#ea580c', beard: true } },
  },
  {
    key: 'ahmed-hassan',
    name: 'Ahmed Hassan',
    rating: 3,
    text: 'The alternator works well and charges properly, but delivery took a week longer than promised. Happy with the part itself.',
    partKey: 'alternator-120a',
    avatar: { background: '#f59e0b', face: { skin: skin.brown, hair: hair.black, style: 'bald', shirt: '#1e293b', beard: true } },
  },
  {
    key: 'ridgeline-logistics',
    name: 'Ridgeline Logistics',
    rating: 4,
    text: 'Replaced the rear shocks on six of our pickups. Handling with a full load is clearly better, and the price per unit was fair.',
    partKey: 'gas-shock-absorber-rear',
    avatar: { background: '#4f46e5' },
  },
  {
    key: 'hannah-lee',
    name: 'Hannah Lee',
    rating: 5,
    text: 'We switched both family cars to this oil at the last service. They start smoothly on frosty mornings, and the price beats the dealer by a mile.',
    partKey: 'synthetic-engine-oil-5w30-5l',
    avatar: { background: '#e11d48', face: { skin: skin.fair, hair: hair.black, style: 'bun', shirt: '#334155' } },
  },
  {
    key: 'kofi-asante',
    name: 'Kofi Asante',
    rating: 4,
    text: 'The engine runs noticeably quieter on cold mornings since I switched to this oil. One star off because the jug has no proper pouring spout.',
    partKey: 'synthetic-engine-oil-5w30-5l',
    avatar: { background: '#9333ea', face: { skin: skin.dark, hair: hair.black, style: 'curly', shirt: '#0f766e' } },
  },
  {
    key: 'greenway-taxis',
    name: 'Greenway Taxis',
    rating: 5,
    text: 'We buy oil and filters for 40 cars from Gearhouse. The quality is consistent and the bulk pricing makes a real difference.',
    partKey: 'synthetic-engine-oil-5w30-5l',
    avatar: { background: '#15803d' },
  },
  {
    key: 'carla-mendes',
    name: 'Carla Mendes',
    rating: 4,
    text: 'Good value. The carbon layer really keeps out the diesel smell in traffic, and fitting it behind the glovebox took five minutes.',
    partKey: 'activated-carbon-cabin-filter',
    avatar: { background: '#16a34a', face: { skin: skin.olive, hair: hair.auburn, style: 'long', shirt: '#f8fafc' } },
  },
  {
    key: 'james-oconnor',
    name: "James O'Connor",
    rating: 2,
    text: 'The blades wipe cleanly, but the adapter did not fit my arm and I had to order a different one. Support sorted it out quickly, at least.',
    partKey: 'beam-wiper-blade-set',
    avatar: { background: '#64748b', face: { skin: skin.light, hair: hair.auburn, style: 'short', shirt: '#0d9488' } },
  },
];
