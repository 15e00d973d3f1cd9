import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RideRoot } from './RideApp';

// The guest ride app's entry (issue #6): ride.html, served for /ride/* and /unlock/*.
const container = document.getElementById('root');
if (!container) throw new Error('ride.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RideRoot />
  </StrictMode>,
);
