import { AppDownload } from '../../features/app-download/app-download';

export default function AppDownloadPage() {
  return (
    <div className="page">
      <AppDownload />
    </div>
  );
}
