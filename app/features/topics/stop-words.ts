// Function words of the four languages, folded as `foldWord` folds them: what topics and terms never count.
// Uzbek is written once, in Latin: its Cyrillic spelling folds to the same string (ва → va, ҳам → ham).
import { foldWord, stripEndings } from "~/core/text";

const WORDS = `
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers him his how i if in into is it its just me more most my no nor not now of off on once only or other our
out over own same she should so some such than that the their them then there these they this those through
to too under until up very was we were what when where which while who whom why will with would you your new
via one two get got says said like amp http https www com
и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня
еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там
потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже
себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее
сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про
всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им
более всегда конечно всю между это также году года который которая которые которых уже своих свой
va bilan uchun ham bu u shu bir edi emas esa yoki lekin ammo biz siz ular men sen bo'lib bo'ldi bo'lgan
bo'yicha kabi keyin oldin hali endi faqat yana juda eng har hamma barcha nima qanday qachon qayerda kim nega
agar chunki deb dedi degan etib qilib qildi qilgan qiladi mumkin kerak bor yo'q o'z o'sha ushbu bunday shunday
ana mana biroq hamda holda orqali tomonidan tarzda yil yilda da ga ni
`;

const STOP = new Set(WORDS.split(/\s+/).filter(Boolean).map(foldWord));

/** Whether a folded word is a function word, also with Uzbek or Russian endings (`ularning`, `bunda`). */
export function isStopWord(folded: string): boolean {
  return STOP.has(folded) || STOP.has(stripEndings(folded));
}
