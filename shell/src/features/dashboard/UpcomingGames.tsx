import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CAROUSEL } from '@backoffice/shared/rules';
import { Carousel } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';
import { useRef } from 'react';

const artwork: Record<string, { emoji: string; colors: [string, string]; when: string }> = {
  'Tournament 1': { emoji: '🏆', colors: ['#6366f1', '#8b5cf6'], when: 'Starts in 2 days' },
  'Battle Arena': { emoji: '⚔️', colors: ['#ef4444', '#f97316'], when: 'Starts in 4 days' },
  'Speed Challenge': { emoji: '⚡', colors: ['#0ea5e9', '#22d3ee'], when: 'Next week' },
  'Puzzle War': { emoji: '🧩', colors: ['#10b981', '#84cc16'], when: 'Next week' },
  'Quick Match': { emoji: '🎯', colors: ['#f59e0b', '#eab308'], when: 'In two weeks' },
  'Grand Finale': { emoji: '👑', colors: ['#ec4899', '#a855f7'], when: 'End of month' },
};

// react-slick's breakpoints are max widths: below `breakpoint` px use `items` of the step beneath it.
const points = CAROUSEL.breakpoints;
const responsive = points.slice(1).map((point, index) => ({
  breakpoint: point.minWidth,
  settings: { slidesToShow: points[index]!.items, slidesToScroll: 1 },
}));

/** Spec section 2.5: six static cards, previous/next, autoplay every 3 s, infinite. */
export function UpcomingGames() {
  const carousel = useRef<CarouselRef>(null);
  return (
    <section className="panel upcoming" aria-labelledby="upcoming-title">
      <header className="panel__header">
        <h2 id="upcoming-title">Upcoming Games</h2>
        <div className="upcoming__nav">
          <button
            type="button"
            className="icon-btn"
            aria-label="Previous game"
            onClick={() => carousel.current?.prev()}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label="Next game"
            onClick={() => carousel.current?.next()}
          >
            <RightOutlined />
          </button>
        </div>
      </header>
      <Carousel
        ref={carousel}
        autoplay
        autoplaySpeed={CAROUSEL.autoplayMs}
        infinite
        dots={false}
        slidesToShow={points[points.length - 1]!.items}
        slidesToScroll={1}
        responsive={responsive}
      >
        {CAROUSEL.cards.map((name) => {
          const art = artwork[name]!;
          return (
            <div key={name} className="game-slide">
              <article
                className="game-card"
                style={{ background: `linear-gradient(135deg, ${art.colors[0]}, ${art.colors[1]})` }}
              >
                <span className="game-card__emoji" aria-hidden>
                  {art.emoji}
                </span>
                <h3>{name}</h3>
                <p>{art.when}</p>
                <span className="game-card__tag">Coming soon</span>
              </article>
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
