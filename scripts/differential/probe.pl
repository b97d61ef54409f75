# Differential probe: Perl URI::Escape as Perl scripts call it.
#   uri_escape          on the bytes as read (what a script gets from ARGV, STDIN or a file
#                       unless it decodes them): pctenc's perl-uri-escape
#   uri_escape_decoded  uri_escape after utf8::decode (a script that decodes its input; input
#                       that is not UTF-8 cannot be decoded and dies): perl-uri-escape-decoded
#   uri_unescape        on the bytes as read; returns octets
# Reads "FUNC\tHEX" lines, writes "OK HEX" or "ERR x" per line.
use strict;
use warnings;
use URI::Escape qw(uri_escape uri_unescape);
binmode STDIN;
binmode STDOUT;
while (my $line = <STDIN>) {
    chomp $line;
    my ($func, $hex) = split /\t/, $line, 2;
    my $bytes = pack('H*', $hex);
    my $r = eval {
        if ($func eq 'uri_escape') {
            uri_escape($bytes);
        } elsif ($func eq 'uri_escape_decoded') {
            my $text = $bytes;
            utf8::decode($text) or die "not UTF-8\n";
            uri_escape($text);
        } elsif ($func eq 'uri_unescape') {
            uri_unescape($bytes);
        } else {
            die "unknown function $func\n";
        }
    };
    if (defined $r) {
        utf8::encode($r) if utf8::is_utf8($r);
        print 'OK ', unpack('H*', $r), "\n";
    } else {
        print "ERR die\n";
    }
}
