import { createRoot } from 'react-dom/client';
import { SignIn } from './SignIn.tsx';

createRoot(document.getElementById('root')!).render(<SignIn />);
