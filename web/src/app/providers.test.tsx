import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { createAppStore } from './store';

function Broken(): never {
  throw new Error('boom');
}

describe('error boundary', () => {
  it("shows 'Something went wrong!' when rendering fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders store={createAppStore()}>
        <Broken />
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong!');
  });
});
