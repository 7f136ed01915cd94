import { useParams, useSearchParams } from 'react-router';
import { PlayScreen } from '../../features/games/components/play-screen';

/** `/play/:engine`: a house game without the site's chrome (it runs inside the `/seamless` iframe). */
export default function PlayPage() {
  const { engine = '' } = useParams();
  const [params] = useSearchParams();
  return <PlayScreen engine={engine} token={params.get('token') ?? ''} lang={params.get('lang')} />;
}
