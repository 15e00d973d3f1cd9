import { describeLocaleParity } from '../../test/locale-parity';
import { keyPageMessages } from '.';

describeLocaleParity('site portal key pages', keyPageMessages, 50);
