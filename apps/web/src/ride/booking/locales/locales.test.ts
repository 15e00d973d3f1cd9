import { describeLocaleParity } from '../../test/locale-parity';
import { bookingMessages } from '.';

describeLocaleParity('booking page', bookingMessages, 60);
