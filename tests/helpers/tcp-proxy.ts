// The proxy lives in tools/, where bench/store-outage.ts can import it too (bench/ may not import tests/).
export { addressOf, startTcpProxy, type TcpProxy } from '../../tools/tcp-proxy.ts';
