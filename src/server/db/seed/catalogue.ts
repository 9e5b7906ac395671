import type { PriceTier } from '#shared/pricing';
import type { CrossReference } from '#shared/schemas/catalogue';

/** The demo catalogue's categories, in the order the shop lists them (by name). */
export const demoCategories = [
  { slug: 'brakes', name: 'Brakes' },
  { slug: 'cooling', name: 'Cooling' },
  { slug: 'drivetrain', name: 'Drivetrain' },
  { slug: 'electrical', name: 'Electrical' },
  { slug: 'engine', name: 'Engine' },
  { slug: 'exhaust', name: 'Exhaust' },
  { slug: 'filters', name: 'Filters' },
  { slug: 'lighting', name: 'Lighting' },
  { slug: 'suspension-steering', name: 'Suspension & Steering' },
  { slug: 'wipers-washers', name: 'Wipers & Washers' },
] as const;

export type DemoCategorySlug = (typeof demoCategories)[number]['slug'];

export interface DemoPart {
  /** Stable key the part's id is derived from; never change it once shipped. */
  key: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  /** The manufacturer's part number. */
  sku: string;
  /** A `demoCategories` slug. */
  category: DemoCategorySlug;
  /** Other brands' numbers for the part: car makers' and competitors'. */
  crossReferences: readonly CrossReference[];
  /** Absent: sold by the unit. */
  packSize?: number;
  priceTiers?: readonly PriceTier[];
  /** The refundable deposit on the old unit, in cents; absent: none. */
  coreChargeCents?: number;
}

/** The demo catalogue, newest first: the first six are what the landing page shows. */
export const demoParts: readonly DemoPart[] = [
  {
    key: 'ceramic-front-brake-pads',
    name: 'Ceramic Front Brake Pads Set',
    description:
      'Low-dust ceramic compound for daily drivers and light commercial vehicles. Each set covers one axle and comes with stainless anti-rattle clips, a bonded anti-noise shim and an acoustic wear indicator. Chamfered and slotted for quiet, judder-free stops, and scorch-treated so they bed in within the first 300 km.',
    priceCents: 4890,
    stock: 1240,
    sku: 'GH-BRK-1042',
    category: 'brakes',
    crossReferences: [
      { brand: 'Volkswagen', number: '1K0 698 151 A' },
      { brand: 'Akebono', number: 'D1107' },
      { brand: 'Bosch', number: '0 986 494 161' },
      { brand: 'Brembo', number: 'P 85 072' },
      { brand: 'Toyota', number: '04465-02220' },
    ],
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 4650 },
      { minQuantity: 96, unitPriceCents: 4400 },
    ],
  },
  {
    key: 'drilled-slotted-brake-disc-pair',
    name: 'Drilled & Slotted Performance Brake Disc Pair',
    description:
      'A matched pair of high-carbon cast discs with cross-drilled holes and curved slots that vent gas and water from the pad face. Directional internal vanes move more air than a standard disc, which keeps fade away on long descents and when towing. Zinc-coated hats and edges resist corrosion, and every disc is balanced and run-out checked to under 0.03 mm.',
    priceCents: 21900,
    stock: 240,
    sku: 'GH-BRK-2210',
    category: 'brakes',
    crossReferences: [
      { brand: 'Audi', number: '8W0 615 301 T' },
      { brand: 'TRW', number: 'DF6605S' },
    ],
    priceTiers: [
      { minQuantity: 24, unitPriceCents: 20900 },
      { minQuantity: 60, unitPriceCents: 19900 },
    ],
  },
  {
    key: 'high-flow-air-filter',
    name: 'High-Flow Air Filter',
    description:
      'Washable cone filter with four layers of oiled cotton gauze between epoxy-coated wire mesh. It flows up to 40% more air than a paper element and holds more dirt between cleanings. The soft polyurethane flange fits 70 mm intakes and comes with a stainless steel clamp.',
    priceCents: 5490,
    stock: 680,
    sku: 'GH-FLT-3005',
    category: 'filters',
    crossReferences: [{ brand: 'K&N', number: 'RU-4810' }],
    priceTiers: [{ minQuantity: 48, unitPriceCents: 5190 }],
  },
  {
    key: 'agm-start-stop-battery-70ah',
    name: 'AGM Start-Stop Battery 70Ah',
    description:
      'Absorbent glass mat battery built for cars with start-stop and brake energy recovery. 760 A cold cranking current, sealed and spill-proof, and rated for three times the cycle life of a flooded battery. Ships charged and ready to fit; carbon-enhanced plates recover quickly after short trips.',
    priceCents: 21400,
    stock: 320,
    sku: 'GH-ELC-7070',
    category: 'electrical',
    crossReferences: [
      { brand: 'Volkswagen', number: '000 915 105 DE' },
      { brand: 'Varta', number: 'AGM70' },
    ],
    priceTiers: [
      { minQuantity: 24, unitPriceCents: 20400 },
      { minQuantity: 48, unitPriceCents: 19600 },
    ],
  },
  {
    key: 'front-strut-assembly',
    name: 'Complete Front Strut Assembly with Coil Spring',
    description:
      'Fully assembled strut: twin-tube gas damper, progressive coil spring, upper mount, bearing and bump stop, ready to bolt in without a spring compressor. Valving is matched to the original ride height and load rating. Saves about an hour per side in the workshop compared with rebuilding the old unit.',
    priceCents: 18900,
    stock: 150,
    sku: 'GH-SUS-4120',
    category: 'suspension-steering',
    crossReferences: [
      { brand: 'Honda', number: '51605-TA0-A04' },
      { brand: 'KYB', number: '334640' },
    ],
    priceTiers: [{ minQuantity: 24, unitPriceCents: 17900 }],
  },
  {
    key: 'led-headlight-bulbs-h7',
    name: 'LED Headlight Bulbs H7 (pair)',
    description:
      'Plug-and-play H7 LED bulbs with a 6000 K white beam. The chips sit exactly where the halogen filament did, so the cut-off stays sharp and oncoming drivers are not dazzled. A finned aluminium body cools them without a fan, and each bulb draws 20 W instead of 55 W.',
    priceCents: 6990,
    stock: 900,
    sku: 'GH-LGT-0707',
    category: 'lighting',
    crossReferences: [{ brand: 'Philips', number: 'H7-LED-6000K' }],
    packSize: 6,
    priceTiers: [
      { minQuantity: 60, unitPriceCents: 6490 },
      { minQuantity: 120, unitPriceCents: 5990 },
    ],
  },
  {
    key: 'timing-belt-kit',
    name: 'Timing Belt Kit with Tensioner and Idler',
    description:
      "Everything a timing belt service needs in one box: an HNBR toothed belt, automatic tensioner, idler pulley and the bolts that must be replaced with them. Belt and pulleys are tested together for 1,000 hours on an engine rig. Follow the engine maker's interval, typically every 100,000 km or five years.",
    priceCents: 13900,
    stock: 410,
    sku: 'GH-ENG-5230',
    category: 'engine',
    crossReferences: [
      { brand: 'Contitech', number: 'CT1028K2' },
      { brand: 'INA', number: '530 0089 10' },
    ],
    priceTiers: [
      { minQuantity: 24, unitPriceCents: 13200 },
      { minQuantity: 48, unitPriceCents: 12600 },
    ],
  },
  {
    key: 'iridium-spark-plugs-4',
    name: 'Iridium Spark Plug (4-pack)',
    description:
      'Fine-wire iridium centre electrode (0.6 mm) that needs less voltage to fire and keeps its gap for up to 100,000 km. Pre-gapped, with a plated shell that will not seize in aluminium cylinder heads. Four plugs per pack.',
    priceCents: 3860,
    stock: 2600,
    sku: 'GH-ENG-1180',
    category: 'engine',
    crossReferences: [
      { brand: 'Volkswagen', number: '101 905 601 F' },
      { brand: 'NGK', number: 'ILZKR7B11' },
    ],
    packSize: 6,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 3620 },
      { minQuantity: 96, unitPriceCents: 3390 },
      { minQuantity: 240, unitPriceCents: 3190 },
    ],
  },
  {
    key: 'alternator-120a',
    name: 'Alternator 120A',
    description:
      'New, not remanufactured: a 14 V, 120 A alternator with a decoupler pulley that smooths belt vibration and protects the accessory drive. Copper windings, twin internal fans and a sealed drive-end bearing. Every unit is load-tested at 1,800 and 6,000 rpm and ships with a new pulley nut.',
    priceCents: 32900,
    stock: 95,
    sku: 'GH-ELC-1120',
    category: 'electrical',
    crossReferences: [
      { brand: 'Volkswagen', number: '06H 903 016 L' },
      { brand: 'Valeo', number: 'TG12C050' },
    ],
    coreChargeCents: 4500,
  },
  {
    key: 'gas-shock-absorber-rear',
    name: 'Gas Shock Absorber — Rear',
    description:
      'Monotube gas-pressure shock for the rear axle. A floating piston keeps the oil free of foam, so damping stays consistent on rough roads and with a loaded boot. Hard-chromed rod, double-lip seal and new bushings included. Sold individually; replace in pairs.',
    priceCents: 7400,
    stock: 560,
    sku: 'GH-SUS-2204',
    category: 'suspension-steering',
    crossReferences: [
      { brand: 'Volkswagen', number: '1J0 513 025 AT' },
      { brand: 'KYB', number: '344459' },
    ],
    packSize: 2,
    priceTiers: [
      { minQuantity: 24, unitPriceCents: 7000 },
      { minQuantity: 48, unitPriceCents: 6700 },
    ],
  },
  {
    key: 'vented-brake-disc-300',
    name: 'Vented Front Brake Disc 300 mm',
    description:
      'Precision-machined grey iron disc, 300 × 28 mm, with 36 internal cooling vanes. The anti-corrosion coating on the hat and vanes wears off the braking surface in the first few stops, so no cleaning is needed before fitting. Meets ECE R90.',
    priceCents: 6200,
    stock: 830,
    sku: 'GH-BRK-3000',
    category: 'brakes',
    crossReferences: [
      { brand: 'Volkswagen', number: '1K0 615 301 AA' },
      { brand: 'Brembo', number: '09.A428.11' },
      { brand: 'Ford', number: '1 477 421' },
      { brand: 'Toyota', number: '43512-02180' },
    ],
    packSize: 2,
    priceTiers: [
      { minQuantity: 24, unitPriceCents: 5900 },
      { minQuantity: 60, unitPriceCents: 5600 },
    ],
  },
  {
    key: 'brake-caliper-front-left',
    name: 'Remanufactured Brake Caliper — Front Left',
    description:
      'Stripped to bare metal, blasted and rebuilt with new pistons, seals, dust boots and bleed nipple, then pressure-tested to 200 bar. Powder-coated to resist road salt. Send your old caliper back as a core return and we refund $25.',
    priceCents: 11800,
    stock: 210,
    sku: 'GH-BRK-5512',
    category: 'brakes',
    crossReferences: [{ brand: 'Volkswagen', number: '1K0 615 123 E' }],
    coreChargeCents: 2500,
  },
  {
    key: 'semi-metallic-rear-brake-pads',
    name: 'Semi-Metallic Rear Brake Pads',
    description:
      'Steel-fibre compound for vans, pickups and cars that tow. It tolerates higher temperatures than organic pads and keeps a firm pedal under repeated heavy stops. Includes shims and clips for one axle.',
    priceCents: 3450,
    stock: 1480,
    sku: 'GH-BRK-1088',
    category: 'brakes',
    crossReferences: [
      { brand: 'Volkswagen', number: '1K0 698 451 G' },
      { brand: 'Akebono', number: 'D1108' },
    ],
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 3250 },
      { minQuantity: 96, unitPriceCents: 3090 },
    ],
  },
  {
    key: 'engine-air-filter-panel',
    name: 'Engine Air Filter Panel',
    description:
      'Synthetic-blend media that captures 99.5% of dust down to 5 microns, in a pleated panel with a moulded polyurethane seal. Fits like the original, with no cutting or adapters. Change it every 30,000 km, or more often on dusty roads.',
    priceCents: 1840,
    stock: 3400,
    sku: 'GH-FLT-1410',
    category: 'filters',
    crossReferences: [
      { brand: 'Volkswagen', number: '1F0 129 620' },
      { brand: 'Mann-Filter', number: 'C 35 154' },
      { brand: 'Toyota', number: '17801-0D060' },
    ],
    packSize: 6,
    priceTiers: [
      { minQuantity: 60, unitPriceCents: 1720 },
      { minQuantity: 120, unitPriceCents: 1590 },
    ],
  },
  {
    key: 'activated-carbon-cabin-filter',
    name: 'Activated Carbon Cabin Air Filter',
    description:
      'Three-layer cabin filter: a particle layer for pollen and fine dust, activated carbon that absorbs exhaust smells and ozone, and an antibacterial coating. Keeps the windows clear by letting the fan work at full flow. Replace once a year.',
    priceCents: 1690,
    stock: 2900,
    sku: 'GH-FLT-2202',
    category: 'filters',
    crossReferences: [
      { brand: 'Volkswagen', number: '1K1 819 653 B' },
      { brand: 'Mann-Filter', number: 'CUK 2939' },
    ],
    packSize: 6,
    priceTiers: [{ minQuantity: 60, unitPriceCents: 1560 }],
  },
  {
    key: 'spin-on-oil-filter',
    name: 'Spin-On Oil Filter',
    description:
      'Cellulose-synthetic media with a silicone anti-drain-back valve that keeps oil in the filter while the engine is off, so pressure builds within seconds at start-up. Burst pressure over 20 bar. Lubricated gasket for a clean, leak-free seal.',
    priceCents: 980,
    stock: 5000,
    sku: 'GH-FLT-0980',
    category: 'filters',
    crossReferences: [
      { brand: 'Volkswagen', number: '06J 115 403 Q' },
      { brand: 'Mann-Filter', number: 'W 712/94' },
      { brand: 'Ford', number: '1 714 387' },
      { brand: 'Bosch', number: '0 451 103 336' },
    ],
    packSize: 12,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 900 },
      { minQuantity: 144, unitPriceCents: 820 },
    ],
  },
  {
    key: 'synthetic-engine-oil-5w30-5l',
    name: 'Fully Synthetic Engine Oil 5W-30, 5 L',
    description:
      'Low-ash fully synthetic oil for modern petrol and diesel engines with particulate filters and turbochargers. Meets ACEA C3 and API SP. Flows fast at a cold start, protects at high temperature and holds its grade over long service intervals.',
    priceCents: 4290,
    stock: 1900,
    sku: 'GH-OIL-5305',
    category: 'engine',
    crossReferences: [{ brand: 'Volkswagen', number: 'G 052 195 M4' }],
    packSize: 4,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 3990 },
      { minQuantity: 96, unitPriceCents: 3790 },
    ],
  },
  {
    key: 'magnetic-oil-drain-plug',
    name: 'Magnetic Oil Drain Plug with Washer',
    description:
      'Zinc-plated steel drain plug with a neodymium magnet in the tip that catches fine metal particles before they circulate. Supplied with a new copper crush washer; fit a fresh washer at every oil change to keep the sump dry.',
    priceCents: 440,
    stock: 4200,
    sku: 'GH-ENG-0044',
    category: 'engine',
    crossReferences: [{ brand: 'Volkswagen', number: 'N 902 026 01' }],
    packSize: 12,
    priceTiers: [
      { minQuantity: 120, unitPriceCents: 390 },
      { minQuantity: 240, unitPriceCents: 350 },
    ],
  },
  {
    key: 'serpentine-belt-6pk1870',
    name: 'Serpentine Drive Belt 6PK1870',
    description:
      'EPDM ribbed belt with six ribs, 1870 mm long, for the accessory drive: alternator, water pump, power steering and air conditioning. The rubber resists cracking and glazing and stays quiet in wet weather. Compare its length with the old belt before fitting.',
    priceCents: 2750,
    stock: 1300,
    sku: 'GH-ENG-1870',
    category: 'engine',
    crossReferences: [
      { brand: 'Gates', number: '6PK1870' },
      { brand: 'Volkswagen', number: '03L 903 137 H' },
    ],
    priceTiers: [{ minQuantity: 48, unitPriceCents: 2550 }],
  },
  {
    key: 'starter-motor-1-4kw',
    name: 'Starter Motor 1.4 kW',
    description:
      'Gear-reduction starter that turns the engine faster with less current, for easy starts in cold weather. Sealed solenoid, new brushes and a hardened pinion. Each unit is tested for current draw and engagement before it is packed.',
    priceCents: 24400,
    stock: 120,
    sku: 'GH-ELC-1400',
    category: 'electrical',
    crossReferences: [{ brand: 'Volkswagen', number: '02Z 911 024 H' }],
    coreChargeCents: 3500,
  },
  {
    key: 'aluminium-core-radiator',
    name: 'Aluminium Core Radiator',
    description:
      'Brazed aluminium core with two rows of flat tubes and louvred fins, reinforced plastic tanks and a pre-fitted drain cock. Cools as well as the original in a lighter unit and is pressure-tested to 2 bar. Comes with new rubber mounts, and the hoses connect in the original positions.',
    priceCents: 26800,
    stock: 140,
    sku: 'GH-CLG-2680',
    category: 'cooling',
    crossReferences: [{ brand: 'Volkswagen', number: '1K0 121 251 DM' }],
  },
  {
    key: 'water-pump-with-gasket',
    name: 'Water Pump with Gasket',
    description:
      'Cast aluminium housing, stainless steel impeller and a silicon-carbide mechanical seal for a long life with modern coolants. Supplied with a new gasket and bolts. Replace the water pump whenever the timing belt that drives it is changed.',
    priceCents: 8600,
    stock: 380,
    sku: 'GH-CLG-0860',
    category: 'cooling',
    crossReferences: [
      { brand: 'Volkswagen', number: '06H 121 026 DD' },
      { brand: 'Hepu', number: 'P 614' },
    ],
    priceTiers: [{ minQuantity: 24, unitPriceCents: 8200 }],
  },
  {
    key: 'pencil-ignition-coil-2',
    name: 'Pencil Ignition Coil (2-pack)',
    description:
      'Direct-fit pencil coils with epoxy-potted windings that withstand heat and vibration. The silicone boot seals the spark plug well against moisture, and each coil delivers up to 40 kV for a strong spark at high revs. Two coils per pack.',
    priceCents: 9600,
    stock: 640,
    sku: 'GH-ELC-0962',
    category: 'electrical',
    crossReferences: [{ brand: 'Volkswagen', number: '07K 905 715 F' }],
    priceTiers: [{ minQuantity: 36, unitPriceCents: 9100 }],
  },
  {
    key: 'front-wheel-hub-bearing',
    name: 'Front Wheel Hub and Bearing Assembly',
    description:
      'Pre-assembled hub with a double-row angular contact bearing, an integrated ABS encoder ring and pressed-in wheel studs. Sealed and greased for life, ready to bolt on with no press required. Includes a new axle nut.',
    priceCents: 13200,
    stock: 260,
    sku: 'GH-SUS-1320',
    category: 'suspension-steering',
    crossReferences: [{ brand: 'Audi', number: '8V0 498 625 A' }],
    priceTiers: [{ minQuantity: 24, unitPriceCents: 12600 }],
  },
  {
    key: 'clutch-kit-dual-mass-flywheel',
    name: 'Clutch Kit with Dual-Mass Flywheel',
    description:
      'The complete clutch job in one box: dual-mass flywheel, pressure plate, clutch disc with torsion damper, release bearing and flywheel bolts. The parts are matched and balanced together, so the engine stays smooth and gear changes quiet. For engines with up to 350 Nm of torque. Made in small batches; reserve early for fleet orders.',
    priceCents: 87900,
    stock: 18,
    sku: 'GH-DRV-8790',
    category: 'drivetrain',
    crossReferences: [
      { brand: 'Volkswagen', number: '03L 141 016 N' },
      { brand: 'LuK', number: '600 0050 00' },
    ],
  },
  {
    key: 'heated-oxygen-sensor-upstream',
    name: 'Heated Oxygen Sensor — Upstream',
    description:
      'Zirconia lambda sensor with a fast heater that reaches working temperature in under 10 seconds, so the engine runs in closed loop sooner and emissions fall. Original-style connector, with anti-seize compound already on the threads.',
    priceCents: 6100,
    stock: 720,
    sku: 'GH-EXH-0610',
    category: 'exhaust',
    crossReferences: [
      { brand: 'Volkswagen', number: '06J 906 262 AA' },
      { brand: 'Bosch', number: '0 258 017 025' },
    ],
    priceTiers: [{ minQuantity: 24, unitPriceCents: 5800 }],
  },
  {
    key: 'stainless-rear-muffler',
    name: 'Stainless Steel Rear Muffler',
    description:
      'Type 409 stainless steel shell and internals for years of service against road salt and condensation. An absorption chamber keeps the sound close to the original, finished with a polished tip. Hangers and clamp included.',
    priceCents: 17600,
    stock: 110,
    sku: 'GH-EXH-1760',
    category: 'exhaust',
    crossReferences: [{ brand: 'Volkswagen', number: '1K0 253 609 AB' }],
  },
  {
    key: 'front-lower-control-arm',
    name: 'Front Lower Control Arm with Ball Joint',
    description:
      'Stamped steel arm with an e-coat finish, pressed-in rubber bushings and a greased-for-life ball joint under a high-temperature boot. Supplied with a new self-locking nut. Restores precise steering and stops clunks over bumps.',
    priceCents: 9600,
    stock: 340,
    sku: 'GH-SUS-0960',
    category: 'suspension-steering',
    crossReferences: [{ brand: 'Volkswagen', number: '5Q0 407 151 R' }],
    priceTiers: [{ minQuantity: 24, unitPriceCents: 9200 }],
  },
  {
    key: 'cv-axle-shaft-front',
    name: 'CV Axle Shaft Assembly — Front',
    description:
      'New drive shaft with both joints, boots and clamps fitted and greased. The outer joint carries the tone ring for the ABS sensor; the shaft is solid steel with induction-hardened splines. Fits without modification and includes an axle nut.',
    priceCents: 14800,
    stock: 190,
    sku: 'GH-DRV-1480',
    category: 'drivetrain',
    crossReferences: [{ brand: 'Volkswagen', number: '1K0 407 271 JD' }],
  },
  {
    key: 'beam-wiper-blade-set',
    name: 'Beam Wiper Blade Set 600/450 mm',
    description:
      'Frameless beam blades with a spring-steel spine that presses evenly along the whole length, and graphite-coated rubber that glides quietly. The aerodynamic spoiler keeps contact at motorway speed, and the adapter fits most hook-type arms.',
    priceCents: 2990,
    stock: 2100,
    sku: 'GH-WIP-6045',
    category: 'wipers-washers',
    crossReferences: [
      { brand: 'Volkswagen', number: '5G1 998 002' },
      { brand: 'Bosch', number: '3 397 007 502' },
    ],
    packSize: 6,
    priceTiers: [
      { minQuantity: 60, unitPriceCents: 2790 },
      { minQuantity: 120, unitPriceCents: 2590 },
    ],
  },
  {
    key: 'halogen-headlight-assembly-left',
    name: 'Halogen Headlight Assembly — Driver Side',
    description:
      'Complete headlight with projector low beam, reflector high beam, LED daytime running light and amber indicator. The UV-coated polycarbonate lens resists yellowing. Aimed at the factory, E-mark approved, with adjusters in the original positions.',
    priceCents: 15800,
    stock: 75,
    sku: 'GH-LGT-1580',
    category: 'lighting',
    crossReferences: [{ brand: 'Volkswagen', number: '5G1 941 005 C' }],
  },
];

/**
 * Each part's minimum order where it is not the default 12: a big-ticket part sells singly or by two
 * (a clutch kit by the one, an alternator by two), what a workshop keeps by the box sells by the box
 * (bulbs and oil filters by 24). Drain plugs sell by one pack of 12, an order under the free-delivery
 * threshold. Each is a whole number of the part's packs, under its first tier.
 */
export const demoMinimumOrders: Readonly<Record<string, number>> = {
  'clutch-kit-dual-mass-flywheel': 1,
  'alternator-120a': 2,
  'starter-motor-1-4kw': 2,
  'aluminium-core-radiator': 2,
  'stainless-rear-muffler': 2,
  'halogen-headlight-assembly-left': 2,
  'brake-caliper-front-left': 2,
  'cv-axle-shaft-front': 2,
  'led-headlight-bulbs-h7': 24,
  'spin-on-oil-filter': 24,
};

/** The parts of the demo's flash deal: two of them among the landing page's newest, so the deal shows there too. */
export const demoFlashDealParts: readonly string[] = [
  'ceramic-front-brake-pads',
  'led-headlight-bulbs-h7',
  'timing-belt-kit',
  'water-pump-with-gasket',
  'clutch-kit-dual-mass-flywheel',
  'beam-wiper-blade-set',
];
