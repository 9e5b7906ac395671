export interface DemoPart {
  /** Stable key the part's id is derived from; never change it once shipped. */
  key: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
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
  },
  {
    key: 'drilled-slotted-brake-disc-pair',
    name: 'Drilled & Slotted Performance Brake Disc Pair',
    description:
      'A matched pair of high-carbon cast discs with cross-drilled holes and curved slots that vent gas and water from the pad face. Directional internal vanes move more air than a standard disc, which keeps fade away on long descents and when towing. Zinc-coated hats and edges resist corrosion, and every disc is balanced and run-out checked to under 0.03 mm.',
    priceCents: 21900,
    stock: 240,
  },
  {
    key: 'high-flow-air-filter',
    name: 'High-Flow Air Filter',
    description:
      'Washable cone filter with four layers of oiled cotton gauze between epoxy-coated wire mesh. It flows up to 40% more air than a paper element and holds more dirt between cleanings. The soft polyurethane flange fits 70 mm intakes and comes with a stainless steel clamp.',
    priceCents: 5490,
    stock: 680,
  },
  {
    key: 'agm-start-stop-battery-70ah',
    name: 'AGM Start-Stop Battery 70Ah',
    description:
      'Absorbent glass mat battery built for cars with start-stop and brake energy recovery. 760 A cold cranking current, sealed and spill-proof, and rated for three times the cycle life of a flooded battery. Ships charged and ready to fit; carbon-enhanced plates recover quickly after short trips.',
    priceCents: 21400,
    stock: 320,
  },
  {
    key: 'front-strut-assembly',
    name: 'Complete Front Strut Assembly with Coil Spring',
    description:
      'Fully assembled strut: twin-tube gas damper, progressive coil spring, upper mount, bearing and bump stop, ready to bolt in without a spring compressor. Valving is matched to the original ride height and load rating. Saves about an hour per side in the workshop compared with rebuilding the old unit.',
    priceCents: 18900,
    stock: 150,
  },
  {
    key: 'led-headlight-bulbs-h7',
    name: 'LED Headlight Bulbs H7 (pair)',
    description:
      'Plug-and-play H7 LED bulbs with a 6000 K white beam. The chips sit exactly where the halogen filament did, so the cut-off stays sharp and oncoming drivers are not dazzled. A finned aluminium body cools them without a fan, and each bulb draws 20 W instead of 55 W.',
    priceCents: 6990,
    stock: 900,
  },
  {
    key: 'timing-belt-kit',
    name: 'Timing Belt Kit with Tensioner and Idler',
    description:
      "Everything a timing belt service needs in one box: an HNBR toothed belt, automatic tensioner, idler pulley and the bolts that must be replaced with them. Belt and pulleys are tested together for 1,000 hours on an engine rig. Follow the engine maker's interval, typically every 100,000 km or five years.",
    priceCents: 13900,
    stock: 410,
  },
  {
    key: 'iridium-spark-plugs-4',
    name: 'Iridium Spark Plug (4-pack)',
    description:
      'Fine-wire iridium centre electrode (0.6 mm) that needs less voltage to fire and keeps its gap for up to 100,000 km. Pre-gapped, with a plated shell that will not seize in aluminium cylinder heads. Four plugs per pack.',
    priceCents: 3860,
    stock: 2600,
  },
  {
    key: 'alternator-120a',
    name: 'Alternator 120A',
    description:
      'New, not remanufactured: a 14 V, 120 A alternator with a decoupler pulley that smooths belt vibration and protects the accessory drive. Copper windings, twin internal fans and a sealed drive-end bearing. Every unit is load-tested at 1,800 and 6,000 rpm and ships with a new pulley nut.',
    priceCents: 32900,
    stock: 95,
  },
  {
    key: 'gas-shock-absorber-rear',
    name: 'Gas Shock Absorber — Rear',
    description:
      'Monotube gas-pressure shock for the rear axle. A floating piston keeps the oil free of foam, so damping stays consistent on rough roads and with a loaded boot. Hard-chromed rod, double-lip seal and new bushings included. Sold individually; replace in pairs.',
    priceCents: 7400,
    stock: 560,
  },
  {
    key: 'vented-brake-disc-300',
    name: 'Vented Front Brake Disc 300 mm',
    description:
      'Precision-machined grey iron disc, 300 × 28 mm, with 36 internal cooling vanes. The anti-corrosion coating on the hat and vanes wears off the braking surface in the first few stops, so no cleaning is needed before fitting. Meets ECE R90.',
    priceCents: 6200,
    stock: 830,
  },
  {
    key: 'brake-caliper-front-left',
    name: 'Remanufactured Brake Caliper — Front Left',
    description:
      'Stripped to bare metal, blasted and rebuilt with new pistons, seals, dust boots and bleed nipple, then pressure-tested to 200 bar. Powder-coated to resist road salt. Send your old caliper back as a core return and we refund $25.',
    priceCents: 11800,
    stock: 210,
  },
  {
    key: 'semi-metallic-rear-brake-pads',
    name: 'Semi-Metallic Rear Brake Pads',
    description:
      'Steel-fibre compound for vans, pickups and cars that tow. It tolerates higher temperatures than organic pads and keeps a firm pedal under repeated heavy stops. Includes shims and clips for one axle.',
    priceCents: 3450,
    stock: 1480,
  },
  {
    key: 'engine-air-filter-panel',
    name: 'Engine Air Filter Panel',
    description:
      'Synthetic-blend media that captures 99.5% of dust down to 5 microns, in a pleated panel with a moulded polyurethane seal. Fits like the original, with no cutting or adapters. Change it every 30,000 km, or more often on dusty roads.',
    priceCents: 1840,
    stock: 3400,
  },
  {
    key: 'activated-carbon-cabin-filter',
    name: 'Activated Carbon Cabin Air Filter',
    description:
      'Three-layer cabin filter: a particle layer for pollen and fine dust, activated carbon that absorbs exhaust smells and ozone, and an antibacterial coating. Keeps the windows clear by letting the fan work at full flow. Replace once a year.',
    priceCents: 1690,
    stock: 2900,
  },
  {
    key: 'spin-on-oil-filter',
    name: 'Spin-On Oil Filter',
    description:
      'Cellulose-synthetic media with a silicone anti-drain-back valve that keeps oil in the filter while the engine is off, so pressure builds within seconds at start-up. Burst pressure over 20 bar. Lubricated gasket for a clean, leak-free seal.',
    priceCents: 980,
    stock: 5000,
  },
  {
    key: 'synthetic-engine-oil-5w30-5l',
    name: 'Fully Synthetic Engine Oil 5W-30, 5 L',
    description:
      'Low-ash fully synthetic oil for modern petrol and diesel engines with particulate filters and turbochargers. Meets ACEA C3 and API SP. Flows fast at a cold start, protects at high temperature and holds its grade over long service intervals.',
    priceCents: 4290,
    stock: 1900,
  },
  {
    key: 'magnetic-oil-drain-plug',
    name: 'Magnetic Oil Drain Plug with Washer',
    description:
      'Zinc-plated steel drain plug with a neodymium magnet in the tip that catches fine metal particles before they circulate. Supplied with a new copper crush washer; fit a fresh washer at every oil change to keep the sump dry.',
    priceCents: 440,
    stock: 4200,
  },
  {
    key: 'serpentine-belt-6pk1870',
    name: 'Serpentine Drive Belt 6PK1870',
    description:
      'EPDM ribbed belt with six ribs, 1870 mm long, for the accessory drive: alternator, water pump, power steering and air conditioning. The rubber resists cracking and glazing and stays quiet in wet weather. Compare its length with the old belt before fitting.',
    priceCents: 2750,
    stock: 1300,
  },
  {
    key: 'starter-motor-1-4kw',
    name: 'Starter Motor 1.4 kW',
    description:
      'Gear-reduction starter that turns the engine faster with less current, for easy starts in cold weather. Sealed solenoid, new brushes and a hardened pinion. Each unit is tested for current draw and engagement before it is packed.',
    priceCents: 24400,
    stock: 120,
  },
  {
    key: 'aluminium-core-radiator',
    name: 'Aluminium Core Radiator',
    description:
      'Brazed aluminium core with two rows of flat tubes and louvred fins, reinforced plastic tanks and a pre-fitted drain cock. Cools as well as the original in a lighter unit and is pressure-tested to 2 bar. Comes with new rubber mounts, and the hoses connect in the original positions.',
    priceCents: 26800,
    stock: 140,
  },
  {
    key: 'water-pump-with-gasket',
    name: 'Water Pump with Gasket',
    description:
      'Cast aluminium housing, stainless steel impeller and a silicon-carbide mechanical seal for a long life with modern coolants. Supplied with a new gasket and bolts. Replace the water pump whenever the timing belt that drives it is changed.',
    priceCents: 8600,
    stock: 380,
  },
  {
    key: 'pencil-ignition-coil-2',
    name: 'Pencil Ignition Coil (2-pack)',
    description:
      'Direct-fit pencil coils with epoxy-potted windings that withstand heat and vibration. The silicone boot seals the spark plug well against moisture, and each coil delivers up to 40 kV for a strong spark at high revs. Two coils per pack.',
    priceCents: 9600,
    stock: 640,
  },
  {
    key: 'front-wheel-hub-bearing',
    name: 'Front Wheel Hub and Bearing Assembly',
    description:
      'Pre-assembled hub with a double-row angular contact bearing, an integrated ABS encoder ring and pressed-in wheel studs. Sealed and greased for life, ready to bolt on with no press required. Includes a new axle nut.',
    priceCents: 13200,
    stock: 260,
  },
  {
    key: 'clutch-kit-dual-mass-flywheel',
    name: 'Clutch Kit with Dual-Mass Flywheel',
    description:
      'The complete clutch job in one box: dual-mass flywheel, pressure plate, clutch disc with torsion damper, release bearing and flywheel bolts. The parts are matched and balanced together, so the engine stays smooth and gear changes quiet. For engines with up to 350 Nm of torque. Made in small batches; reserve early for fleet orders.',
    priceCents: 87900,
    stock: 18,
  },
  {
    key: 'heated-oxygen-sensor-upstream',
    name: 'Heated Oxygen Sensor — Upstream',
    description:
      'Zirconia lambda sensor with a fast heater that reaches working temperature in under 10 seconds, so the engine runs in closed loop sooner and emissions fall. Original-style connector, with anti-seize compound already on the threads.',
    priceCents: 6100,
    stock: 720,
  },
  {
    key: 'stainless-rear-muffler',
    name: 'Stainless Steel Rear Muffler',
    description:
      'Type 409 stainless steel shell and internals for years of service against road salt and condensation. An absorption chamber keeps the sound close to the original, finished with a polished tip. Hangers and clamp included.',
    priceCents: 17600,
    stock: 110,
  },
  {
    key: 'front-lower-control-arm',
    name: 'Front Lower Control Arm with Ball Joint',
    description:
      'Stamped steel arm with an e-coat finish, pressed-in rubber bushings and a greased-for-life ball joint under a high-temperature boot. Supplied with a new self-locking nut. Restores precise steering and stops clunks over bumps.',
    priceCents: 9600,
    stock: 340,
  },
  {
    key: 'cv-axle-shaft-front',
    name: 'CV Axle Shaft Assembly — Front',
    description:
      'New drive shaft with both joints, boots and clamps fitted and greased. The outer joint carries the tone ring for the ABS sensor; the shaft is solid steel with induction-hardened splines. Fits without modification and includes an axle nut.',
    priceCents: 14800,
    stock: 190,
  },
  {
    key: 'beam-wiper-blade-set',
    name: 'Beam Wiper Blade Set 600/450 mm',
    description:
      'Frameless beam blades with a spring-steel spine that presses evenly along the whole length, and graphite-coated rubber that glides quietly. The aerodynamic spoiler keeps contact at motorway speed, and the adapter fits most hook-type arms.',
    priceCents: 2990,
    stock: 2100,
  },
  {
    key: 'halogen-headlight-assembly-left',
    name: 'Halogen Headlight Assembly — Driver Side',
    description:
      'Complete headlight with projector low beam, reflector high beam, LED daytime running light and amber indicator. The UV-coated polycarbonate lens resists yellowing. Aimed at the factory, E-mark approved, with adjusters in the original positions.',
    priceCents: 15800,
    stock: 75,
  },
];
