import type { DemoCategorySlug, DemoPart } from './catalogue';

/** What a demo engine burns: spark plugs and ignition coils fit petrol (and hybrid) engines only. */
type Fuel = 'petrol' | 'diesel' | 'hybrid';

export interface DemoVehicle {
  /** Stable key the vehicle's id is derived from; never change it once shipped. */
  key: string;
  make: string;
  model: string;
  engine: string;
  yearFrom: number;
  yearTo: number;
  fuel: Fuel;
  /** Vehicles of one platform share most wearing parts; the demo fitments go by platform. */
  platform: Platform;
}

type Platform =
  'mqb' | 'ford-c' | 'psa-emp2' | 'renault-b' | 'toyota-tnga' | 'bmw-f' | 'mercedes-mra' | 'opel-d2' | 'hyundai-kia-k2';

const PLATFORMS: readonly Platform[] = [
  'mqb',
  'ford-c',
  'psa-emp2',
  'renault-b',
  'toyota-tnga',
  'bmw-f',
  'mercedes-mra',
  'opel-d2',
  'hyundai-kia-k2',
];

/** Real-looking vehicles of the shop's demo: make, model with generation, engine, the years built. */
export const demoVehicles: readonly DemoVehicle[] = [
  {
    key: 'vw-golf-7-14-tsi',
    make: 'Volkswagen',
    model: 'Golf VII',
    engine: '1.4 TSI 92 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'petrol',
    platform: 'mqb',
  },
  {
    key: 'vw-golf-7-20-tdi',
    make: 'Volkswagen',
    model: 'Golf VII',
    engine: '2.0 TDI 110 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'mqb',
  },
  {
    key: 'vw-passat-b8-20-tdi',
    make: 'Volkswagen',
    model: 'Passat B8',
    engine: '2.0 TDI 110 kW',
    yearFrom: 2014,
    yearTo: 2023,
    fuel: 'diesel',
    platform: 'mqb',
  },
  {
    key: 'skoda-octavia-3-14-tsi',
    make: 'Skoda',
    model: 'Octavia III',
    engine: '1.4 TSI 110 kW',
    yearFrom: 2013,
    yearTo: 2019,
    fuel: 'petrol',
    platform: 'mqb',
  },
  {
    key: 'skoda-octavia-3-16-tdi',
    make: 'Skoda',
    model: 'Octavia III',
    engine: '1.6 TDI 81 kW',
    yearFrom: 2013,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'mqb',
  },
  {
    key: 'audi-a3-8v-14-tfsi',
    make: 'Audi',
    model: 'A3 8V',
    engine: '1.4 TFSI 90 kW',
    yearFrom: 2012,
    yearTo: 2020,
    fuel: 'petrol',
    platform: 'mqb',
  },
  {
    key: 'ford-focus-3-16-tivct',
    make: 'Ford',
    model: 'Focus',
    engine: '1.6 Ti-VCT 92 kW',
    yearFrom: 2011,
    yearTo: 2018,
    fuel: 'petrol',
    platform: 'ford-c',
  },
  {
    key: 'ford-focus-3-10-ecoboost',
    make: 'Ford',
    model: 'Focus',
    engine: '1.0 EcoBoost 92 kW',
    yearFrom: 2012,
    yearTo: 2018,
    fuel: 'petrol',
    platform: 'ford-c',
  },
  {
    key: 'ford-focus-3-16-tdci',
    make: 'Ford',
    model: 'Focus',
    engine: '1.6 TDCi 85 kW',
    yearFrom: 2011,
    yearTo: 2015,
    fuel: 'diesel',
    platform: 'ford-c',
  },
  {
    key: 'ford-focus-4-15-ecoblue',
    make: 'Ford',
    model: 'Focus',
    engine: '1.5 EcoBlue 88 kW',
    yearFrom: 2018,
    yearTo: 2025,
    fuel: 'diesel',
    platform: 'ford-c',
  },
  {
    key: 'ford-kuga-2-20-tdci',
    make: 'Ford',
    model: 'Kuga',
    engine: '2.0 TDCi 110 kW',
    yearFrom: 2013,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'ford-c',
  },
  {
    key: 'peugeot-308-2-12-puretech',
    make: 'Peugeot',
    model: '308 II',
    engine: '1.2 PureTech 96 kW',
    yearFrom: 2014,
    yearTo: 2021,
    fuel: 'petrol',
    platform: 'psa-emp2',
  },
  {
    key: 'peugeot-308-2-16-bluehdi',
    make: 'Peugeot',
    model: '308 II',
    engine: '1.6 BlueHDi 88 kW',
    yearFrom: 2014,
    yearTo: 2018,
    fuel: 'diesel',
    platform: 'psa-emp2',
  },
  {
    key: 'citroen-c4-picasso-2-16-bluehdi',
    make: 'Citroën',
    model: 'C4 Picasso II',
    engine: '1.6 BlueHDi 88 kW',
    yearFrom: 2013,
    yearTo: 2018,
    fuel: 'diesel',
    platform: 'psa-emp2',
  },
  {
    key: 'renault-clio-4-09-tce',
    make: 'Renault',
    model: 'Clio IV',
    engine: '0.9 TCe 66 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'petrol',
    platform: 'renault-b',
  },
  {
    key: 'renault-clio-4-15-dci',
    make: 'Renault',
    model: 'Clio IV',
    engine: '1.5 dCi 66 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'renault-b',
  },
  {
    key: 'renault-captur-15-dci',
    make: 'Renault',
    model: 'Captur',
    engine: '1.5 dCi 66 kW',
    yearFrom: 2013,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'renault-b',
  },
  {
    key: 'dacia-sandero-2-09-tce',
    make: 'Dacia',
    model: 'Sandero II',
    engine: '0.9 TCe 66 kW',
    yearFrom: 2012,
    yearTo: 2020,
    fuel: 'petrol',
    platform: 'renault-b',
  },
  {
    key: 'toyota-corolla-e210-18-hybrid',
    make: 'Toyota',
    model: 'Corolla E210',
    engine: '1.8 Hybrid 90 kW',
    yearFrom: 2019,
    yearTo: 2025,
    fuel: 'hybrid',
    platform: 'toyota-tnga',
  },
  {
    key: 'toyota-corolla-e210-12-turbo',
    make: 'Toyota',
    model: 'Corolla E210',
    engine: '1.2 Turbo 85 kW',
    yearFrom: 2019,
    yearTo: 2022,
    fuel: 'petrol',
    platform: 'toyota-tnga',
  },
  {
    key: 'toyota-chr-18-hybrid',
    make: 'Toyota',
    model: 'C-HR',
    engine: '1.8 Hybrid 90 kW',
    yearFrom: 2016,
    yearTo: 2023,
    fuel: 'hybrid',
    platform: 'toyota-tnga',
  },
  {
    key: 'toyota-auris-2-13-dualvvti',
    make: 'Toyota',
    model: 'Auris II',
    engine: '1.33 Dual VVT-i 73 kW',
    yearFrom: 2012,
    yearTo: 2018,
    fuel: 'petrol',
    platform: 'toyota-tnga',
  },
  {
    key: 'bmw-3-f30-320d',
    make: 'BMW',
    model: '3 Series F30',
    engine: '320d 140 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'bmw-f',
  },
  {
    key: 'bmw-3-f30-320i',
    make: 'BMW',
    model: '3 Series F30',
    engine: '320i 135 kW',
    yearFrom: 2012,
    yearTo: 2019,
    fuel: 'petrol',
    platform: 'bmw-f',
  },
  {
    key: 'bmw-1-f20-118d',
    make: 'BMW',
    model: '1 Series F20',
    engine: '118d 110 kW',
    yearFrom: 2011,
    yearTo: 2019,
    fuel: 'diesel',
    platform: 'bmw-f',
  },
  {
    key: 'bmw-4-f32-420d',
    make: 'BMW',
    model: '4 Series F32',
    engine: '420d 140 kW',
    yearFrom: 2013,
    yearTo: 2020,
    fuel: 'diesel',
    platform: 'bmw-f',
  },
  {
    key: 'mercedes-c-w205-c220d',
    make: 'Mercedes-Benz',
    model: 'C-Class W205',
    engine: 'C 220 d 125 kW',
    yearFrom: 2014,
    yearTo: 2021,
    fuel: 'diesel',
    platform: 'mercedes-mra',
  },
  {
    key: 'mercedes-c-w205-c200',
    make: 'Mercedes-Benz',
    model: 'C-Class W205',
    engine: 'C 200 135 kW',
    yearFrom: 2014,
    yearTo: 2021,
    fuel: 'petrol',
    platform: 'mercedes-mra',
  },
  {
    key: 'mercedes-e-w213-e220d',
    make: 'Mercedes-Benz',
    model: 'E-Class W213',
    engine: 'E 220 d 143 kW',
    yearFrom: 2016,
    yearTo: 2023,
    fuel: 'diesel',
    platform: 'mercedes-mra',
  },
  {
    key: 'opel-astra-k-14-turbo',
    make: 'Opel',
    model: 'Astra K',
    engine: '1.4 Turbo 110 kW',
    yearFrom: 2015,
    yearTo: 2021,
    fuel: 'petrol',
    platform: 'opel-d2',
  },
  {
    key: 'opel-astra-k-16-cdti',
    make: 'Opel',
    model: 'Astra K',
    engine: '1.6 CDTi 81 kW',
    yearFrom: 2015,
    yearTo: 2021,
    fuel: 'diesel',
    platform: 'opel-d2',
  },
  {
    key: 'vauxhall-astra-k-14-turbo',
    make: 'Vauxhall',
    model: 'Astra K',
    engine: '1.4 Turbo 110 kW',
    yearFrom: 2015,
    yearTo: 2021,
    fuel: 'petrol',
    platform: 'opel-d2',
  },
  {
    key: 'opel-insignia-a-20-cdti',
    make: 'Opel',
    model: 'Insignia A',
    engine: '2.0 CDTi 120 kW',
    yearFrom: 2008,
    yearTo: 2017,
    fuel: 'diesel',
    platform: 'opel-d2',
  },
  {
    key: 'hyundai-i30-pd-14-tgdi',
    make: 'Hyundai',
    model: 'i30 PD',
    engine: '1.4 T-GDi 103 kW',
    yearFrom: 2017,
    yearTo: 2024,
    fuel: 'petrol',
    platform: 'hyundai-kia-k2',
  },
  {
    key: 'kia-ceed-cd-14-tgdi',
    make: 'Kia',
    model: 'Ceed CD',
    engine: '1.4 T-GDi 103 kW',
    yearFrom: 2018,
    yearTo: 2022,
    fuel: 'petrol',
    platform: 'hyundai-kia-k2',
  },
  {
    key: 'kia-ceed-cd-16-crdi',
    make: 'Kia',
    model: 'Ceed CD',
    engine: '1.6 CRDi 85 kW',
    yearFrom: 2018,
    yearTo: 2022,
    fuel: 'diesel',
    platform: 'hyundai-kia-k2',
  },
];

export interface DemoFitment {
  partKey: string;
  vehicleKey: string;
  yearFrom: number;
  yearTo: number;
  note: string;
}

/** Parts that only an engine with spark ignition takes. */
const SPARK_IGNITION_ONLY = new Set(['iridium-spark-plugs-4', 'pencil-ignition-coil-2', 'heated-oxygen-sensor-upstream']);

/** Categories whose parts sit on one axle: the note says which, from the part's name. */
const AXLE_CATEGORIES = new Set<DemoCategorySlug>(['brakes', 'suspension-steering', 'drivetrain']);

function axleNote(part: Pick<DemoPart, 'name' | 'category'>): string {
  if (!AXLE_CATEGORIES.has(part.category)) return '';
  if (/\bfront\b/i.test(part.name)) return 'front axle';
  if (/\brear\b/i.test(part.name)) return 'rear axle';
  return '';
}

/**
 * Which demo vehicles each demo part fits, the same on every run: every vehicle of one platform (by
 * the part's place in the list), and the first two of another, leaving out diesels for
 * spark-ignition parts. Brakes, suspension and drivetrain parts say their axle; on the second
 * platform a part fits from the third year on ("from the facelift").
 */
export function demoFitments(parts: readonly Pick<DemoPart, 'key' | 'name' | 'category'>[]): DemoFitment[] {
  return parts.flatMap((part, index) => {
    const home = PLATFORMS[index % PLATFORMS.length]!;
    const second = PLATFORMS[(index * 4 + 3) % PLATFORMS.length]!;
    const fits = (vehicle: DemoVehicle) => !SPARK_IGNITION_ONLY.has(part.key) || vehicle.fuel !== 'diesel';
    const note = axleNote(part);
    const own = demoVehicles.filter((vehicle) => vehicle.platform === home && fits(vehicle));
    const other =
      second === home ? [] : demoVehicles.filter((vehicle) => vehicle.platform === second && fits(vehicle)).slice(0, 2);
    return [
      ...own.map((vehicle) => ({
        partKey: part.key,
        vehicleKey: vehicle.key,
        yearFrom: vehicle.yearFrom,
        yearTo: vehicle.yearTo,
        note,
      })),
      ...other.map((vehicle) => {
        const yearFrom = Math.min(vehicle.yearFrom + 2, vehicle.yearTo);
        return {
          partKey: part.key,
          vehicleKey: vehicle.key,
          yearFrom,
          yearTo: vehicle.yearTo,
          note: [note, 'from the facelift'].filter(Boolean).join(', '),
        };
      }),
    ];
  });
}
