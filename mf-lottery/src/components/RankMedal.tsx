/** The rank in a coloured disc: gold, silver and bronze for the podium, grey after (drawn, no emoji font needed). */
export function RankMedal({ rank }: { rank: number }) {
  return (
    <span className={`lottery-medal lottery-medal--${rank <= 3 ? rank : 'n'}`} aria-hidden="true">
      {rank}
    </span>
  );
}
