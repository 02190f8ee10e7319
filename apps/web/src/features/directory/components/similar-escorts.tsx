import { EscortGrid } from '../../../components/escort-card.tsx';
import { useSimilarEscorts } from '../api/card.ts';

/**
 * "También te puede interesar" (decision 0165): up to 6 public profiles like hers, as the listing's
 * cards, so the links are in the server's HTML (crawlable) and a visitor never reaches a dead end at
 * the bottom of a card. Nothing while they load or when there are none.
 */
export function SimilarEscorts({ nickname }: { nickname: string }) {
  const { data } = useSimilarEscorts(nickname);
  if (!data?.length) return null;
  return (
    <section className="similar-escorts" aria-labelledby="similares-titulo">
      <h2 id="similares-titulo" className="similar-escorts-title">
        También te puede interesar
      </h2>
      <EscortGrid escorts={data} label="Perfiles parecidos" />
    </section>
  );
}
