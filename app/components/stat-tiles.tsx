type Tile = { value: string; label: string };

/** The public pages' figure tiles (landing summary, portals statistics): a big value over its label. */
export function StatTiles({
  tiles,
  className,
}: {
  tiles: readonly Tile[];
  /** The grid, e.g. "grid grid-cols-2 gap-3 lg:grid-cols-4". */
  className: string;
}) {
  return (
    <ul className={className}>
      {tiles.map((tile) => (
        <StatTile key={tile.label} tile={tile} />
      ))}
    </ul>
  );
}

function StatTile({ tile }: { tile: Tile }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
      <p className="text-2xl font-extrabold text-green-800">{tile.value}</p>
      <p className="text-sm text-slate-600">{tile.label}</p>
    </li>
  );
}
