import { describeLocaleParity } from '../../test/locale-parity';
import { portalMessages } from '.';

describeLocaleParity('site portal', portalMessages, 40);
