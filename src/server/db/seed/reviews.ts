export interface DemoReview {
  /** Stable key the review's id is derived from. */
  key: string;
  name: string;
  rating: number;
  text: string;
  /** The catalogue key of the part the review is about, or null for a review of the shop. */
  partKey: string | null;
}

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
  },
  {
    key: 'fischer-motorsport',
    name: 'Fischer Motorsport',
    rating: 5,
    text: 'We ran these discs through a full track day without any fade. Perfectly balanced, no vibration at all.',
    partKey: 'drilled-slotted-brake-disc-pair',
  },
  {
    key: 'dave-kowalski',
    name: 'Dave Kowalski',
    rating: 4,
    text: 'Noticeably crisper throttle response on my weekend car. The clamp takes a little effort to fit, but the quality is excellent.',
    partKey: 'high-flow-air-filter',
  },
  {
    key: 'sarah-okafor',
    name: 'Sarah Okafor',
    rating: 5,
    text: 'I manage 28 delivery vans that stop and start all day. The AGM batteries have not missed a single start all winter.',
    partKey: 'agm-start-stop-battery-70ah',
  },
  {
    key: 'tom-becker',
    name: 'Tom Becker',
    rating: 5,
    text: 'Fitted both front struts in an afternoon in my own garage, no spring compressor needed. The car rides like new again.',
    partKey: 'front-strut-assembly',
  },
  {
    key: 'priya-raman',
    name: 'Priya Raman',
    rating: 4,
    text: 'Much whiter light than my old halogens and the beam pattern is spot on, with no flashes from oncoming traffic. One retaining clip was a bit tight.',
    partKey: 'led-headlight-bulbs-h7',
  },
  {
    key: 'northside-fleet-services',
    name: 'Northside Fleet Services',
    rating: 5,
    text: 'Ordering the kit instead of loose parts saves our technicians a lot of hunting. Everything was in the box, bolts included.',
    partKey: 'timing-belt-kit',
  },
  {
    key: 'miguel-torres',
    name: 'Miguel Torres',
    rating: 5,
    text: 'Clear part numbers, fast shipping, and a real person answered my fitment question within an hour. I will order here again.',
    partKey: null,
  },
  {
    key: 'ahmed-hassan',
    name: 'Ahmed Hassan',
    rating: 3,
    text: 'The alternator works well and charges properly, but delivery took a week longer than promised. Happy with the part itself.',
    partKey: 'alternator-120a',
  },
  {
    key: 'ridgeline-logistics',
    name: 'Ridgeline Logistics',
    rating: 4,
    text: 'Replaced the rear shocks on six of our pickups. Handling with a full load is clearly better, and the price per unit was fair.',
    partKey: 'gas-shock-absorber-rear',
  },
  {
    key: 'hannah-lee',
    name: 'Hannah Lee',
    rating: 5,
    text: 'We switched both family cars to this oil at the last service. They start smoothly on frosty mornings, and the price beats the dealer by a mile.',
    partKey: 'synthetic-engine-oil-5w30-5l',
  },
  {
    key: 'kofi-asante',
    name: 'Kofi Asante',
    rating: 4,
    text: 'The engine runs noticeably quieter on cold mornings since I switched to this oil. One star off because the jug has no proper pouring spout.',
    partKey: 'synthetic-engine-oil-5w30-5l',
  },
  {
    key: 'greenway-taxis',
    name: 'Greenway Taxis',
    rating: 5,
    text: 'We buy oil and filters for 40 cars from Gearhouse. The quality is consistent and the bulk pricing makes a real difference.',
    partKey: 'synthetic-engine-oil-5w30-5l',
  },
  {
    key: 'carla-mendes',
    name: 'Carla Mendes',
    rating: 4,
    text: 'Good value. The carbon layer really keeps out the diesel smell in traffic, and fitting it behind the glovebox took five minutes.',
    partKey: 'activated-carbon-cabin-filter',
  },
  {
    key: 'james-oconnor',
    name: "James O'Connor",
    rating: 2,
    text: 'The blades wipe cleanly, but the adapter did not fit my arm and I had to order a different one. Support sorted it out quickly, at least.',
    partKey: 'beam-wiper-blade-set',
  },
];
