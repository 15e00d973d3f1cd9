import { configure } from '@testing-library/react';
