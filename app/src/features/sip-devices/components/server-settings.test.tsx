import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubClipboard } from '../../../test/clipboard';
import { ServerSettings } from './server-settings';
import { SoftphoneGuide } from './softphone-guide';

const deployment = {
  host: 'sip.example.com',
  port: 5080,
  transports: ['udp', 'tcp', 'wss'],
  outboundProxy: 'edge.example.com',
  realm: 'dialtone',
};

describe('SIP connection settings', () => {
  it('shows what a softphone asks for, from the server, each to copy', async () => {
    render(<ServerSettings server={deployment} username="ada.desk" password="S3cret" />);
    expect(screen.getByTestId('sip-setting-SIP server (domain)')).toHaveTextContent(
      'sip.example.com',
    );
    expect(screen.getByTestId('sip-setting-Port')).toHaveTextContent('5080');
    expect(screen.getByTestId('sip-setting-Transports')).toHaveTextContent('UDP, TCP, WSS');
    expect(screen.getByTestId('sip-setting-Outbound proxy')).toHaveTextContent('edge.example.com');
    const writeText = stubClipboard();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Password' }));
    expect(writeText).toHaveBeenCalledWith('S3cret');
  });

  it('says an outbound proxy is not needed when there is none', () => {
    render(<ServerSettings server={{ ...deployment, outboundProxy: null }} />);
    expect(screen.getByTestId('sip-setting-Outbound proxy')).toHaveTextContent(
      'None (leave empty)',
    );
    expect(screen.queryByRole('button', { name: 'Copy Outbound proxy' })).toBeNull();
    expect(screen.queryByTestId('sip-setting-Password')).toBeNull();
  });

  it('gives three softphones the address with its port', () => {
    render(<SoftphoneGuide server={deployment} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Linphone|Zoiper|MicroSIP/).textContent)).toEqual([
      'Linphone',
      'Zoiper',
      'MicroSIP',
    ]);
    expect(items[0]).toHaveTextContent('Domain sip.example.com:5080');
    expect(items[2]).toHaveTextContent('SIP Proxy edge.example.com');
  });
});
