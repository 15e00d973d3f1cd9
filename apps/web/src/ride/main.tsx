import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RideRoot } from './RideApp';
// The first screens' look and the guest pages' one baseline (issue 22 item 6: no MUI in the entry).
import './ride.css';

// The guest ride app's entry (issue #6): ride.html, served for /ride/* and /unlock/*.
const container = document.getElementById('root');
if (!container) throw new Error('ride.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RideRoot />
  </StrictMode>,
);
