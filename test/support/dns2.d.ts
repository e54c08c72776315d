// dns2 ships no types: the few parts of its API the local DNS server uses.
declare module 'dns2' {
  interface Question {
    name: string;
    type: number;
  }
  interface Answer {
    name: string;
    type: number;
    class: number;
    ttl: number;
    data: string | string[];
  }
  interface DnsPacket {
    header: { rcode: number };
    questions: Question[];
    answers: Answer[];
  }
  interface DnsServer {
    listen(options: { udp?: { port: number; address: string } }): Promise<{ udp?: { port: number; address: string } }>;
    close(): Promise<void>;
  }
  const dns2: {
    Packet: {
      TYPE: Record<'TXT' | 'A', number>;
      CLASS: Record<'IN', number>;
      createResponseFromRequest(request: DnsPacket): DnsPacket;
    };
    createServer(options: {
      udp: { type: 'udp4' };
      handle: (request: DnsPacket, send: (response: DnsPacket) => void) => void;
    }): DnsServer;
  };
  export default dns2;
}
