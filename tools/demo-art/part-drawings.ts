import { brakeCaliper, brakeDisc, brakePads, controlArm, cvAxle, shockAbsorber, wheelHub } from './drawings-chassis';
import { alternator, battery, headlight, ledBulbs, starterMotor, wiperBlades } from './drawings-electrical';
import {
  clutchKit,
  coneFilter,
  drainPlug,
  ignitionCoils,
  muffler,
  oilFilter,
  oilJug,
  oxygenSensor,
  panelFilter,
  radiator,
  serpentineBelt,
  sparkPlugs,
  timingBeltKit,
  waterPump,
} from './drawings-engine';
import type { Drawing } from './part-pictures';
import { accents, colors } from './svg-kit';

/**
 * The drawing of every demo part, by the part's key in the seed's catalogue
 * (src/server/db/seed/catalogue.ts), which holds its name, text and price.
 */
export const partDrawings: Readonly<Record<string, Drawing>> = {
  'ceramic-front-brake-pads': (c) => brakePads(c, { friction: '#78716c', shim: accents.orange, seed: 'ceramic-front' }),
  'drilled-slotted-brake-disc-pair': (c) =>
    brakeDisc(c, { drilled: true, slotted: true, caliper: accents.orange, turn: 0.82, rotate: -6 }),
  'high-flow-air-filter': (c) => coneFilter(c, { media: accents.orange, rotate: -10 }),
  'agm-start-stop-battery-70ah': (c) => battery(c, { accent: accents.orange, technology: 'AGM', capacity: '70AH' }),
  'front-strut-assembly': (c) => shockAbsorber(c, { body: colors.slate800, accent: accents.orange, rotate: -14, spring: true }),
  'led-headlight-bulbs-h7': (c) => ledBulbs(c, { accent: accents.orange }),
  'timing-belt-kit': (c) => timingBeltKit(c, { accent: accents.orange }),
  'iridium-spark-plugs-4': (c) => sparkPlugs(c, { count: 4, accent: accents.orange }),
  'alternator-120a': (c) => alternator(c, { accent: accents.orange }),
  'gas-shock-absorber-rear': (c) => shockAbsorber(c, { body: colors.slate700, accent: accents.orange, rotate: 32 }),
  'vented-brake-disc-300': (c) => brakeDisc(c, { turn: 0.74, rotate: 4 }),
  'brake-caliper-front-left': (c) => brakeCaliper(c, { accent: accents.red }),
  'semi-metallic-rear-brake-pads': (c) =>
    brakePads(c, { friction: '#3f3f46', shim: colors.slate500, seed: 'semi-metallic-rear', rotate: 8 }),
  'engine-air-filter-panel': (c) => panelFilter(c, { frame: accents.orange, media: colors.slate100 }),
  'activated-carbon-cabin-filter': (c) => panelFilter(c, { frame: colors.slate700, media: colors.slate600 }),
  'spin-on-oil-filter': (c) => oilFilter(c, { body: accents.orange, rotate: -6 }),
  'synthetic-engine-oil-5w30-5l': (c) => oilJug(c, { body: colors.slate800, accent: accents.orange, grade: '5W-30' }),
  'magnetic-oil-drain-plug': (c) => drainPlug(c, { washer: accents.copper }),
  'serpentine-belt-6pk1870': (c) => serpentineBelt(c, { accent: accents.orange }),
  'starter-motor-1-4kw': (c) => starterMotor(c, { accent: accents.orange }),
  'aluminium-core-radiator': (c) => radiator(c, { accent: accents.orange }),
  'water-pump-with-gasket': (c) => waterPump(c, { accent: accents.orange }),
  'pencil-ignition-coil-2': (c) => ignitionCoils(c, { accent: accents.orange }),
  'front-wheel-hub-bearing': (c) => wheelHub(c, { accent: accents.orange }),
  'clutch-kit-dual-mass-flywheel': (c) => clutchKit(c, { accent: accents.orange, flywheel: true }),
  'heated-oxygen-sensor-upstream': (c) => oxygenSensor(c, { accent: accents.orange }),
  'stainless-rear-muffler': (c) => muffler(c, { accent: accents.orange }),
  'front-lower-control-arm': (c) => controlArm(c, { accent: accents.orange }),
  'cv-axle-shaft-front': (c) => cvAxle(c, { accent: accents.orange }),
  'beam-wiper-blade-set': (c) => wiperBlades(c, { accent: accents.orange }),
  'halogen-headlight-assembly-left': (c) => headlight(c, { accent: accents.amber }),
};
