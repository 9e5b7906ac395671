export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  paragraphs: readonly string[];
  author: string;
  daysAgo: number;
}

export const demoBlogPosts: readonly DemoBlogPost[] = [
  {
    slug: 'how-to-choose-the-right-brake-pads',
    title: 'How to choose the right brake pads',
    excerpt:
      'Ceramic, semi-metallic or organic? What each compound is good at, how to match pads to the way a vehicle is driven, and when to replace the discs as well.',
    paragraphs: [
      'Brake pads all look alike in the box, but the compound bonded to the backing plate decides how a car stops, how much noise it makes and how long the discs last. Choosing well starts with how the vehicle is actually used, not with the price tag.',
      'Ceramic pads are the right choice for most cars driven in town and on the motorway. They run quietly, make very little visible dust and are gentle on discs. Their grip is steady across the temperatures a daily driver sees, although they need a few hundred kilometres to bed in fully.',
      'Semi-metallic pads contain steel fibres that carry heat away from the friction face. That makes them the better pick for vans, pickups, towing and mountain roads, where brakes get hot and stay hot. They are a little noisier and dustier, and they wear discs somewhat faster.',
      'Organic pads are soft and quiet and cost the least, but they wear quickly and fade sooner under heavy use. We recommend them only for light, older cars that were designed around them.',
      'Whatever the compound, measure the discs when fitting new pads. If a disc is below its minimum thickness, shows deep grooves or has a lip at the outer edge, replace the discs in pairs along with the pads. New pads on worn discs never bed in properly.',
      'Finally, bed the new pads in: a series of moderate stops from about 60 km/h without coming to a complete halt, then a few minutes of driving without braking to let everything cool. It takes ten minutes and gives smooth, quiet stops for the life of the pads.',
    ],
    author: 'Elena Marsh, Brake Engineering',
    daysAgo: 4,
  },
  {
    slug: 'inside-our-factory-how-we-test-every-shock-absorber',
    title: 'Inside our factory: how we test every shock absorber',
    excerpt:
      'Every damper that leaves our line is cycled on a test bench and its force curve compared with the master. Here is what the machine checks and why it matters.',
    paragraphs: [
      'At the end of our damper line stands a machine that looks like a small press: two steel columns, a crosshead and a hydraulic actuator underneath. Every single shock absorber we build spends about forty seconds in it before it is allowed into a box.',
      'The bench clamps the damper by its mounts and strokes it up and down at several speeds, from a slow crawl that mimics body roll to fast strokes like a wheel hitting a pothole. Load cells record the force at every point of the stroke.',
      'The result is a force curve, a closed loop on the operator screen. Each model has a master curve with a narrow tolerance band around it. If any part of the measured loop strays outside the band, the damper is rejected automatically and goes to our lab for analysis.',
      'The test catches problems no visual inspection could: a valve shim stack assembled in the wrong order, a trace of air in the oil, a seal that drags. It also tells us when a batch of raw material behaves differently, long before a customer would notice.',
      'Each curve is stored against the serial number printed on the damper body. When a workshop calls us about a unit, we can pull up exactly how that damper performed on the day it was made.',
    ],
    author: 'Jonas Weber, Production',
    daysAgo: 18,
  },
  {
    slug: 'winter-checklist-for-fleet-vehicles',
    title: 'Winter checklist for fleet vehicles',
    excerpt:
      'Cold mornings find every weak battery and worn wiper in a fleet. Seven checks that keep vans and cars on the road when the temperature drops below zero.',
    paragraphs: [
      'For a fleet manager, the first frosty morning of the year is when every weak part shows itself at once. A few hours of checks in the autumn cost far less than a van that will not start with a full day of deliveries waiting.',
      'Start with the batteries. A battery loses a third of its capacity at minus ten degrees, while a cold engine needs twice the current to turn. Test every battery under load; anything older than four years or below 70 percent of its rated cold cranking current should be replaced before winter, not after.',
      'Next, look at what the driver sees through. Replace wiper blades that streak or judder, top up screen wash with a winter mix rated to at least minus twenty, and check that every headlight, indicator and brake light works. Days are short, and lights are on for most of the shift.',
      'Tyres come next: winter or all-season tyres with at least 4 mm of tread, at the pressures on the door pillar, checked when cold. Underinflated tyres lose grip first on snow and slush.',
      'Check coolant strength with a hydrometer, and inspect hoses and drive belts for cracks; rubber that is merely tired in summer fails in the cold. Diesel vehicles should run on winter-grade fuel, and fuel filters with water in them should be changed.',
      'Finally, put a small winter kit in every vehicle: ice scraper, de-icer, gloves, a torch, a blanket and jump leads. Brief the drivers on it. The best-maintained fleet still has the odd roadside stop, and a prepared driver gets moving again much sooner.',
    ],
    author: 'Sam Whitfield, Fleet Services',
    daysAgo: 37,
  },
];
