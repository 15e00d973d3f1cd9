// The guest ride app's entry (issue #6); the guest-web helper builds it out.
const container = document.getElementById('root');
if (!container) throw new Error('ride.html has no #root element');
container.textContent = 'Fairway';
