/** Department trees (top > sub > leaf) the demo stores sell from. */
export const HARDWARE_TREE: Record<string, Record<string, string[]>> = {
  Tools: { 'Power Tools': ['Drills', 'Saws', 'Sanders'], 'Hand Tools': ['Hammers', 'Screwdrivers', 'Wrenches'], 'Tool Storage': ['Tool Boxes', 'Work Benches'] },
  'Lawn & Garden': { 'Garden Tools': ['Shovels', 'Rakes', 'Pruners'], 'Watering': ['Hoses', 'Sprinklers'], 'Plants & Seeds': ['Seeds', 'Potting Soil'] },
  Paint: { 'Interior Paint': ['Wall Paint', 'Ceiling Paint'], 'Exterior Paint': ['House Paint', 'Deck Stain'], 'Paint Supplies': ['Brushes', 'Rollers', 'Tape'] },
  Plumbing: { 'Pipes & Fittings': ['PVC Pipe', 'Copper Fittings'], Faucets: ['Kitchen Faucets', 'Bath Faucets'] },
  Electrical: { Lighting: ['Light Bulbs', 'Flashlights'], 'Wire & Cable': ['Extension Cords', 'Electrical Wire'] },
  Hardware: { Fasteners: ['Screws', 'Nails', 'Anchors'], 'Door Hardware': ['Hinges', 'Locks'] },
  'Outdoor Living': { Grills: ['Gas Grills', 'Charcoal Grills'], 'Patio Furniture': ['Chairs', 'Tables'] },
  'Cleaning & Home': { 'Cleaning Supplies': ['Cleaners', 'Mops & Brooms'], Storage: ['Bins', 'Shelving'] },
};

export const PAINT_TREE: Record<string, Record<string, string[]>> = {
  'Interior Paint': { Walls: ['Flat', 'Eggshell', 'Satin'], 'Trim & Doors': ['Semi-Gloss', 'Gloss'] },
  'Exterior Paint': { Siding: ['Flat Exterior', 'Satin Exterior'], 'Decks & Fences': ['Solid Stain', 'Semi-Transparent Stain'] },
  Primers: { 'Interior Primers': ['Drywall Primer', 'Stain Blocker'], 'Exterior Primers': ['Wood Primer', 'Masonry Primer'] },
  Supplies: { Applicators: ['Brushes', 'Rollers', 'Sprayers'], Prep: ['Tape', 'Drop Cloths', 'Patching'] },
};

export const PRODUCT_IMAGES = ['drill', 'saw', 'paint-can', 'hose', 'bulb', 'hammer'].map((name) => `/assets/products/${name}.svg`);
