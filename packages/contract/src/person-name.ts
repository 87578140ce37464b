/**
 * Common Russian first names, full and short, in lower case: how a client's first name is told from
 * the surname in a name written either way round («Иванова Мария», «Мария Иванова»).
 */
const firstNames = new Set(
  (
    'александр саша алексей лёша леша анатолий андрей антон аркадий арсений артём артем артур богдан борис вадим валентин ' +
    'валерий василий вася виктор виталий владимир влад владислав вова всеволод вячеслав гавриил геннадий георгий глеб ' +
    'григорий даниил данил данила денис дмитрий дима евгений женя егор захар иван ваня игорь илья кирилл константин костя ' +
    'лев леонид макар максим марк матвей михаил миша никита николай коля олег павел паша пётр петр петя роберт родион ' +
    'роман рома руслан семён семен сергей серёжа сережа станислав стас степан тимофей тимур фёдор федор филипп эдуард ' +
    'юрий юра ярослав ' +
    'агата аделина алевтина александра алёна алена алина алиса алла анастасия настя ангелина анжелика анна аня антонина ' +
    'арина валентина валерия варвара варя вера вероника виктория вика галина галя дарья даша диана ева евгения екатерина ' +
    'катя елена лена елизавета лиза жанна зинаида зоя злата инна ирина ира камилла карина кира клавдия кристина ксения ' +
    'ксюша лариса лидия лилия любовь люба людмила люда майя маргарита рита марина мария маша милана милена мирослава ' +
    'надежда надя наталья наталия наташа нелли ника нина оксана олеся ольга оля полина раиса регина римма светлана света ' +
    'снежана софия софья соня станислава стефания таисия тамара татьяна таня ульяна фаина элина элеонора эльвира юлия ' +
    'юля яна ярослава'
  ).split(' '),
);

const patronymic = /(вич|вна|ична|инична|оглы|кызы)$/i;
const surname = /(ов|ова|ев|ева|ёв|ёва|ин|ина|ын|ына|ский|ская|цкий|цкая|ской|ых|их|енко|ко|ук|юк|ян|дзе|швили|ий|ая)$/i;

const initialOf = (word: string) => `${word.charAt(0).toLocaleUpperCase('ru')}.`;

/**
 * «Иванова Мария Петровна», «Мария Иванова» → «Мария И.»: the first name and the surname's initial,
 * enough to recognise one's order on a public page and not to learn whose it is. The order of the
 * words is the client's («ФИО» or the other way round), so the first name is found by name, then by
 * what a surname looks like, and the form's order (surname first) decides the rest. The patronymic
 * is dropped; a single word is kept only when it is a first name.
 */
export function reducedNameOf(fullName: string): string {
  const words = fullName
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, ''))
    .filter(Boolean);
  const named = words.filter((w) => !(words.length > 2 && patronymic.test(w)));
  if (named.length === 0) return '';
  if (named.length === 1) {
    const [only] = named as [string];
    return firstNames.has(only.toLocaleLowerCase('ru')) ? only : initialOf(only);
  }
  const byList = named.findIndex((w) => firstNames.has(w.toLocaleLowerCase('ru')));
  const bySurname = named.findIndex((w) => surname.test(w));
  const firstIndex = byList >= 0 ? byList : bySurname >= 0 ? named.findIndex((_, i) => i !== bySurname) : named.length > 1 ? 1 : 0;
  const first = named[firstIndex]!;
  const rest = named.filter((_, i) => i !== firstIndex);
  const last = rest.find((w) => surname.test(w)) ?? rest[0]!;
  return `${first} ${initialOf(last)}`;
}
