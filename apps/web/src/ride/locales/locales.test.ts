import { describeLocaleParity } from '../test/locale-parity';
import { rideMessages } from '.';

describeLocaleParity('guest app', rideMessages, 100);
