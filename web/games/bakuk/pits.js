// Where seeds lie in a pit.

/** Positions of `count` seeds in a pit: a sunflower spiral, the same every time. */
export function seedPositions(count, spread) {
  const positions = [];
  for (let i = 0; i < count; i++) {
    const r = spread * Math.sqrt(i + 0.5);
    const a = i * 2.39996; // the golden angle, in radians
    positions.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return positions;
}
