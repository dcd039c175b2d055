import type { PaintColor } from '@platform/contracts';
import { lightReflectance, PAINT_FAMILIES, type PaintFamilyCode } from '@platform/domain';
import type { PaintColourSource } from './colour-source';

/** Ten colour names a family, lightest first. */
const NAMES: Record<PaintFamilyCode, string[]> = {
  YEL: ['Morning Cream', 'Butter Pat', 'Lemon Chiffon', 'Sunlit Porch', 'Honeycomb', 'Canary Song', 'Goldenrod Field', 'Mustard Seed', 'Old Brass', 'Harvest Gold'],
  ORA: ['Peach Blossom', 'Apricot Glow', 'Cantaloupe', 'Tangerine Dream', 'Pumpkin Patch', 'Marigold', 'Burnt Sienna', 'Copper Kettle', 'Rust Belt', 'Terracotta Pot'],
  RED: ['Rose Petal', 'Coral Reef', 'Watermelon', 'Poppy Field', 'Fire Engine', 'Cranberry', 'Barn Red', 'Brick Lane', 'Merlot', 'Oxblood'],
  PUR: ['Lavender Mist', 'Lilac Hedge', 'Wisteria', 'Orchid Bloom', 'Violet Hour', 'Amethyst', 'Plum Jam', 'Aubergine', 'Royal Velvet', 'Midnight Iris'],
  BLU: ['Harbor Mist', 'Sky Wash', 'Robin Egg', 'Cornflower', 'Lakeshore', 'Tidewater', 'Denim Jacket', 'Cobalt Sea', 'Navy Anchor', 'Deep Ocean'],
  GRE: ['Mint Julep', 'Sea Glass', 'Sage Leaf', 'Fern Gully', 'Meadow', 'Basil', 'Evergreen', 'Hunter Lodge', 'Forest Floor', 'Black Spruce'],
  BRO: ['Sand Dollar', 'Oat Milk', 'Latte', 'Caramel', 'Cinnamon Stick', 'Saddle Leather', 'Walnut Shell', 'Coffee Bean', 'Dark Chocolate', 'Espresso'],
  NEU: ['Linen Sheet', 'Eggshell Bisque', 'Parchment', 'Natural Jute', 'Greige Stone', 'Khaki Trail', 'Driftwood', 'Mushroom Cap', 'Taupe Tweed', 'Umber Clay'],
  WHI: ['Pure White', 'Snowfall', 'Swiss Coffee', 'Cotton Ball', 'Alabaster', 'Chantilly Lace', 'Ivory Tower', 'Vanilla Bean', 'Dove Wing', 'Marshmallow'],
  GRA: ['Silver Lining', 'Fog Bank', 'Pewter Cup', 'Harbor Gray', 'Storm Cloud', 'Slate Roof', 'Granite Peak', 'Graphite', 'Iron Gate', 'Charcoal Ember'],
  BLA: ['Soft Onyx', 'Raven Wing', 'Tricorn', 'Jet Set', 'Ink Well', 'Licorice', 'Caviar', 'Obsidian', 'Pitch Dark', 'Black Tie'],
  PIN: ['Blush Whisper', 'Cotton Candy', 'Ballet Slipper', 'Rosewater', 'Peony', 'Flamingo', 'Bubblegum', 'Hot Pink', 'Fuchsia Flare', 'Raspberry Crush'],
};

/** Hue, saturation and the lightest to darkest lightness of each family's colour card. */
const RAMPS: Record<PaintFamilyCode, [hue: number, saturation: number, light: number, dark: number]> = {
  YEL: [48, 80, 92, 42], ORA: [26, 75, 90, 35], RED: [4, 65, 88, 22], PUR: [275, 40, 88, 20],
  BLU: [212, 55, 92, 18], GRE: [140, 35, 90, 15], BRO: [28, 40, 85, 15], NEU: [38, 20, 92, 40],
  WHI: [45, 30, 99, 88], GRA: [210, 6, 88, 22], BLA: [220, 8, 28, 6], PIN: [335, 70, 93, 48],
};

const COLLECTIONS = [
  { slug: 'coastal-calm', name: 'Coastal Calm', description: 'Soft blues, greens and grays of the shore.' },
  { slug: 'heritage-hues', name: 'Heritage Hues', description: 'Deep, historic colours for trim, doors and barns.' },
  { slug: 'modern-neutrals', name: 'Modern Neutrals', description: 'Whites, beiges and grays that go with everything.' },
  { slug: 'bold-accents', name: 'Bold Accents', description: 'Bright colours for a feature wall or a front door.' },
];

function collectionOf(family: PaintFamilyCode, step: number): string {
  if (family === 'WHI' || family === 'NEU' || (family === 'GRA' && step < 6)) return 'modern-neutrals';
  if ((family === 'BLU' || family === 'GRE') && step < 5) return 'coastal-calm';
  if (step >= 6 || family === 'BRO' || family === 'BLA' || family === 'GRA') return 'heritage-hues';
  return 'bold-accents';
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}

/** The bundled colour card: 10 colours in each of the 12 families, codes like 'HC-BLU-104'. */
const CARD: PaintColor[] = PAINT_FAMILIES.flatMap(({ code }) => NAMES[code].map((name, step) => {
  const [hue, saturation, light, dark] = RAMPS[code];
  const hex = hslToHex(hue, saturation, light - ((light - dark) * step) / 9);
  return { code: `HC-${code}-${101 + step}`, name, hex, family: code, collection: collectionOf(code, step), lrv: lightReflectance(hex) };
}));

export const localPaintColours: PaintColourSource = {
  colours: async () => CARD,
  collections: async () => COLLECTIONS,
};
