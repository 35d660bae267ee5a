import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RISK_COLOURS } from '../../src/domain/risk-colours.ts';
import { RiskLegend } from '../../src/views/dashboard/RiskLegend.tsx';
import { InEnglish } from './support/in-english.tsx';

describe('risk legend', () => {
  it('shows each risk in the colour the map draws it', () => {
    render(
      <InEnglish>
        <RiskLegend />
      </InEnglish>,
    );
    const items = within(screen.getByRole('list', { name: 'Risk legend' })).getAllByRole('listitem');
    const swatches = items.map((item) =>
      (item.querySelector('span') as HTMLElement).style.backgroundColor.replace(/\s/g, ''),
    );
    expect(items.map((item) => item.textContent)).toEqual(['red', 'yellow', 'green']);
    expect(swatches).toEqual(
      (['red', 'yellow', 'green'] as const).map((risk) => `rgb(${RISK_COLOURS[risk].join(',')})`),
    );
  });
});
