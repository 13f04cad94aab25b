import {
  AimOutlined,
  AppstoreOutlined,
  CrownOutlined,
  FireOutlined,
  LeftOutlined,
  RightOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { carouselItemsForWidth } from '@backoffice/shared/format';
import { CAROUSEL } from '@backoffice/shared/rules';
import { Carousel } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';
import { type ReactNode, useEffect, useRef, useState } from 'react';

const artwork: Record<string, { icon: ReactNode; colors: [string, string]; when: string }> = {
  'Tournament 1': { icon: <TrophyOutlined />, colors: ['#6366f1', '#8b5cf6'], when: 'Starts in 2 days' },
  'Battle Arena': { icon: <FireOutlined />, colors: ['#ef4444', '#f97316'], when: 'Starts in 4 days' },
  'Speed Challenge': { icon: <ThunderboltOutlined />, colors: ['#0ea5e9', '#22d3ee'], when: 'Next week' },
  'Puzzle War': { icon: <AppstoreOutlined />, colors: ['#10b981', '#84cc16'], when: 'Next week' },
  'Quick Match': { icon: <AimOutlined />, colors: ['#f59e0b', '#eab308'], when: 'In two weeks' },
  'Grand Finale': { icon: <CrownOutlined />, colors: ['#ec4899', '#a855f7'], when: 'End of month' },
};

/** Cards visible at the current viewport width (docs/screens.md#dashboard breakpoints), kept up to date. */
function useItemsForWidth(): number {
  const [items, setItems] = useState(() => carouselItemsForWidth(window.innerWidth));
  useEffect(() => {
    const update = () => setItems(carouselItemsForWidth(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return items;
}

/** docs/screens.md#dashboard: six static cards, previous/next, autoplay every 3 s, infinite. */
export function UpcomingGames() {
  const carousel = useRef<CarouselRef>(null);
  const items = useItemsForWidth();
  return (
    <section className="shell-panel shell-upcoming" aria-labelledby="upcoming-title">
      <header className="shell-panel__header">
        <h2 id="upcoming-title">Upcoming Games</h2>
        <div className="shell-upcoming__nav">
          <button
            type="button"
            className="shell-icon-btn"
            aria-label="Previous game"
            onClick={() => carousel.current?.prev()}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className="shell-icon-btn"
            aria-label="Next game"
            onClick={() => carousel.current?.next()}
          >
            <RightOutlined />
          </button>
        </div>
      </header>
      <Carousel
        key={items}
        ref={carousel}
        autoplay
        autoplaySpeed={CAROUSEL.autoplayMs}
        infinite
        dots={false}
        slidesToShow={items}
        slidesToScroll={1}
      >
        {CAROUSEL.cards.map((name) => {
          const art = artwork[name]!;
          return (
            <div key={name} className="shell-game-slide">
              <article
                className="shell-game-card"
                style={{ background: `linear-gradient(135deg, ${art.colors[0]}, ${art.colors[1]})` }}
              >
                <span className="shell-game-card__icon" aria-hidden>
                  {art.icon}
                </span>
                <h3>{name}</h3>
                <p>{art.when}</p>
                <span className="shell-game-card__tag">Coming soon</span>
              </article>
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
