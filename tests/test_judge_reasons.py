"""One reason for a word the list lacks, the same in ``check`` and the PDQ judge."""

from __future__ import annotations

import pytest

from companion.judge import check_word, words_refusal
from companion.lexicon import HouseLexicon, Layer, Lexicon, default_lexicon, missing_reason
from companion.pdq import judge

NAME = ("the dictionary knows it only as a name (Paris). Proper nouns (names of people and "
        "places) are not allowed.")


@pytest.mark.parametrize("typed", ["Paris", "PARIS", "paris"])
def test_a_name_is_called_one_however_it_was_typed(typed):
    # typed in capitals, as players write a word, or in lower case, PARIS got no word on names
    for verdict in (check_word(typed, with_definitions=False), judge(typed, "PRS")):
        assert not verdict.valid
        assert verdict.reason == ("PARIS is not in the word list SCOWL-70 US/UK/CA/AU, the "
                                  f"companion default: {NAME}")


@pytest.mark.parametrize("typed", ["nato", "NATO", "Fbi"])
def test_an_abbreviation_is_called_one(typed):
    reason = check_word(typed, with_definitions=False).reason
    assert reason.endswith("only as an abbreviation (NATO, of North Atlantic Treaty "
                           "Organization). Abbreviations are not allowed.") or (
        reason.endswith("only as an abbreviation (FBI, of Federal Bureau of Investigation). "
                        "Abbreviations are not allowed."))


@pytest.mark.parametrize(("typed", "written", "of"), [
    ("AUG", "Aug", "August"), ("feb", "Feb", "February"), ("Esq", "Esq", "Esquire"),
    ("jan", "Jan", "January"), ("TUES", "Tues", "Tuesday"), ("mon", "Mon", "Monday"),
    ("dec", "Dec", "December"), ("thurs", "Thurs", "Thursday"), ("jun", "Jun", "June"),
    ("MR", "Mr", "Mister"), ("mrs", "Mrs", "Mistress"), ("dr", "Dr", "Doctor"),
    ("st", "St", "Saint")])
def test_a_month_day_or_title_abbreviation_is_told_what_it_stands_for(typed, written, of):
    # AUG, FEB, ESQ, JAN, TUES and MON (which WordNet writes beside their long form, Aug and
    # August) were "known only as a name"; DEC (also dec, declination) and THURS, JUN, DR and
    # ST (which WordNet lacks) got no reason; MRS none of what it stands for
    verdicts = [check_word(typed, with_definitions=False)]
    verdicts += [judge(typed, typed[:3])] if len(typed) >= 4 else []  # PDQ's words are longer
    for verdict in verdicts:
        assert verdict.reason == (f"{typed.upper()} is not in {DEFAULT}: it is an abbreviation "
                                  f"({written}, of {of}). Abbreviations are not allowed.")
        assert list(verdict.abbreviation_of) == [of] and not verdict.near_words


@pytest.mark.parametrize("word", ["mar", "sept", "wed", "sat", "sun", "prof", "rev"])
def test_an_abbreviation_that_is_a_word_of_the_list_stays_valid(word):
    assert check_word(word, with_definitions=False).valid


def test_the_abbreviation_table_is_sound():
    from companion.datafiles import read_table
    from companion.lexicon import default_lexicon

    rows = read_table("abbreviations.tsv")
    written = [r["abbreviation"] for r in rows]
    assert len(written) == len({w.lower() for w in written}) > 25
    # none is a word of its own: the table names only what the list has no word for
    assert not [w for w in written if w.lower() in default_lexicon()]
    assert all(w.isalpha() and w[0].isupper() and r["of"][0].isupper()
               and len(r["of"]) > len(w) for w, r in zip(written, rows, strict=True))


def test_the_point_marks_an_abbreviation_in_the_senses_that_write_it():
    from companion.lexicon import define

    mr, = define("mr")
    assert (mr.written, mr.abbreviation) == ("Mr", True)
    assert not any(d.abbreviation for d in define("paris") + define("nato") + define("cat"))
    # CF is californium (Cf, a symbol), cf. (compare) and CF (cystic fibrosis): no name
    assert check_word("cf", with_definitions=False).reason == (
        "CF is not in the word list SCOWL-70 US/UK/CA/AU, the companion default: the "
        "dictionary knows it only as an abbreviation or a symbol (Cf, cf, CF). Abbreviations "
        "and symbols are not allowed.")


@pytest.mark.parametrize(("typed", "written", "stands_for"), [
    ("fe", "Fe", "iron"), ("NA", "Na", "sodium"), ("Hz", "Hz", "hertz"), ("wb", "Wb", "weber")])
def test_a_chemical_or_unit_symbol_is_called_a_symbol_not_a_name(typed, written, stands_for):
    # FE was "known only as a name (Fe). Proper nouns ... are not allowed": iron is no name
    assert check_word(typed, with_definitions=False).reason == (
        f"{typed.upper()} is not in the word list SCOWL-70 US/UK/CA/AU, the companion "
        f"default: the dictionary knows it only as a symbol ({written}, for "
        f"{stands_for}). Symbols are not allowed.")


def test_a_symbol_sense_says_what_it_stands_for_and_is_no_name():
    from companion.lexicon import define

    cf = next(d for d in define("cf") if d.pos == "n" and d.written == "Cf")
    assert (cf.symbol_of, cf.is_name, cf.capitalized) == ("californium", False, True)
    assert str(cf).startswith("Cf (noun, the symbol for californium): a radioactive")
    paris = define("paris")[0]
    assert (paris.symbol_of, paris.is_name) == ("", True)
    # a unit's name in capitals is an abbreviation, as before: GMT stands for no one symbol
    assert check_word("gmt", with_definitions=False).reason.endswith(
        "only as an abbreviation (GMT, of Greenwich Mean Time). Abbreviations are not allowed.")
    # a common word's senses still leave out the symbol written the same (As, arsenic)
    assert all(d.written == "as" for d in define("as", common=True))


def test_a_common_word_typed_with_a_capital_is_not_called_a_name():
    # AA is lava in the dictionary: a capital typed at the start of a sentence made it a name
    reason = check_word("Aa", with_definitions=False).reason
    assert reason == "AA is not in the word list SCOWL-70 US/UK/CA/AU, the companion default."


def test_check_and_pdq_give_the_same_reason_for_a_name_typed_with_capitals_inside():
    # check hinted at names for McDonald, PDQ did not (its own test of the case typed)
    reason = check_word("McDonald", with_definitions=False).reason
    assert reason.endswith("Proper nouns (names of people and places) are not allowed.")
    assert judge("McDonald", "MND").reason == reason


def test_pdq_says_which_house_list_removed_a_word():
    house = HouseLexicon(Lexicon(["drub", "drum"], name="base"),
                         [Layer("no.txt", "remove", frozenset({"drub"}))])
    verdict = judge("drub", "DRU", lexicon=house)
    assert not verdict.valid
    assert verdict.reason == check_word("drub", lexicon=house).reason
    assert verdict.reason.endswith(": no.txt removes it.")


@pytest.mark.parametrize(("word", "wrong", "right"), [
    ("does", "energy policy", "mature female of mammals"),  # DOE, the department
    ("was", "northwestern United States", "have the quality of being"),  # WA, the state
    ("has", "celestial", "possess"),  # HA, hour angle
    ("is", "halogens", "have the quality of being"),  # I, iodine: a single letter is no base
    ("ate", "goddess", "take in solid food"),  # Ate, the goddess
    ("china", "communist nation", "porcelain"),  # the dishes, not the country
    ("its", "engineering", ""),  # IT: not more than one IT, and no other sense
])
def test_a_listed_word_is_defined_as_the_common_word(word, wrong, right):
    defs = check_word(word).definitions
    assert not any(wrong in d for d in defs), defs
    assert not right or any(right in d for d in defs), defs


def test_a_word_the_list_lacks_keeps_the_senses_of_its_names():
    assert any("capital and largest city of France" in d for d in check_word("paris").definitions)
    assert any("a dry form of lava" in d for d in check_word("aa").definitions)


def test_the_web_pdq_judge_defines_a_word_as_check_does(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "web"))
    from appfactory import make_app

    client = make_app(tmp_path, db_url=f"sqlite:///{tmp_path}/db.sqlite").test_client()
    data = client.get("/api/pdq/judge", query_string={"word": "Does", "cards": "DES"}).get_json()
    assert data["valid"] is True
    assert data["definitions"] == check_word("does").definitions


@pytest.mark.parametrize(("word", "base_sense"), [
    ("teeth", "tooth (noun): hard bonelike structures"),  # TEETH has a sense of its own too
    ("men", "man (noun): an adult person who is male"),  # MEN: the work force, and men
    ("saw", "see (verb): perceive by sight"),  # the tool, and the past of SEE
    ("oxen", "ox (noun): an adult castrated bull"),
])
def test_an_irregular_form_with_a_sense_of_its_own_still_shows_its_base(word, base_sense):
    # the first form the dictionary had (the word itself) hid the base its irregular form names
    assert any(d.startswith(base_sense) for d in check_word(word).definitions)


@pytest.mark.parametrize(("word", "base"), [
    ("lay", "lie (verb): be located or situated somewhere"),  # LAY is the past of LIE
    ("ground", "grind (verb): press or grind with a crushing noise"),  # GROUND: of GRIND
])
def test_the_cap_on_senses_keeps_the_first_sense_of_every_base(word, base):
    # the word's own eight senses of one part of speech came first and the cap cut the base
    shown = check_word(word).definitions
    assert len(shown) == 8
    assert any(d.startswith(base) for d in shown), shown
    assert shown[0].startswith(f"{word} (noun): ")  # the word's own first sense still leads


def test_pdq_names_the_list_and_the_house_list_that_adds_a_word_as_check_does():
    # PDQ said only "is in the word list": not which list, nor that a house list added it
    house = HouseLexicon(Lexicon(["drum"], name="base"),
                         [Layer("family.txt", "add", frozenset({"drub"}))])
    assert judge("drub", "DRU", lexicon=house).reason == (
        "DRUB fits DRU under PDQ rules and is in the word list base, with family.txt added; "
        "family.txt adds it.")
    assert check_word("drub", lexicon=house).reason == (
        "DRUB is valid: it is in the word list base, with family.txt added; family.txt adds it.")
    assert judge("drum", "DRU").reason == ("DRUM fits DRU under PDQ rules and is in the word "
                                           "list SCOWL-70 US/UK/CA/AU, the companion default.")


def test_the_offensive_word_list_is_named_in_a_sentence_that_reads():
    from companion.lexicon import WordListSpec, load_word_list

    lex = load_word_list(WordListSpec(remove_offensive=True))
    assert check_word("shit", lexicon=lex).reason == (
        "SHIT is not in the word list SCOWL-70 US/UK/CA/AU, the companion default, with "
        "offensive words (LDNOOBW) removed: the list of offensive words (LDNOOBW) removes it.")


def test_a_two_letter_base_a_suffix_rule_finds_is_kept():
    # OXES: "xes" becomes "x", so the base OX has two letters; the rule against one-letter
    # bases measured the word without the suffix and lost it
    from companion.lexicon import define

    assert any(d.lemma == "ox" for d in define("oxes"))
    reason = check_word("OXes", with_definitions=False).reason  # not called a name either
    assert reason == ("OXES is not in the word list SCOWL-70 US/UK/CA/AU, the companion "
                      "default: OX is irregular; the list has OXEN.")


@pytest.mark.parametrize(("word", "listed", "guess"), [
    ("runned", "runs", "run"), ("oxes", "oxen", "ox"), ("childs", "children", "child")])
def test_a_word_the_list_lacks_is_not_given_the_senses_of_a_guessed_base(capsys, word, listed,
                                                                          guess):
    # RUNNED showed RUN's senses under "The dictionary (WordNet) knows RUNNED, but the word
    # list does not": the dictionary does not know it, a suffix rule guessed RUN
    from companion.cli import main

    assert check_word(word).definitions == []
    assert main(["check", word]) == 1
    assert "dictionary" not in capsys.readouterr().out
    # a word the list has still finds its base's senses
    assert any(d.startswith(f"{guess} ") for d in check_word(listed).definitions)


def test_a_function_word_is_told_by_its_part_of_speech_before_any_sense():
    # THOU showed only "the cardinal number that is the product of 10 and 100", THEE nothing
    # at all: WordNet defines no pronouns, articles, prepositions or conjunctions
    thou = check_word("thou")
    assert thou.word_class == ("THOU is a pronoun; WordNet defines no pronouns, so the senses "
                               "below are of its other uses.")
    assert thou.definitions == [
        "thou (noun): the cardinal number that is the product of 10 and 100"]
    assert check_word("thee").word_class == "THEE is a pronoun; WordNet defines no pronouns."
    assert check_word("the").word_class == "THE is an article; WordNet defines no articles."
    assert check_word("That").word_class == (
        "THAT is a pronoun, a determiner and a conjunction; WordNet defines none of these.")
    assert check_word("cat").word_class == ""
    assert check_word("thou", with_definitions=False).word_class == ""


@pytest.mark.parametrize("word", ["us", "me", "it", "his", "who"])
def test_a_function_word_shows_no_name_or_inflection_written_the_same(word):
    # US was "North American republic ...", ME a state, HIS more than one HI (a greeting)
    verdict = check_word(word)
    assert verdict.valid and verdict.word_class.startswith(f"{word.upper()} is ")
    assert verdict.definitions == []


def test_the_function_word_table_is_sound():
    from companion.datafiles import read_table
    from companion.lexicon import default_lexicon, word_classes

    rows = read_table("function-words.tsv")
    words = [r["word"] for r in rows]
    assert len(words) == len(set(words))
    assert all(w.isascii() and w.isalpha() and w.islower() for w in words)
    assert all(word_classes(w) for w in words)  # every part of speech is one the note names
    lexicon = default_lexicon()
    assert sum(w in lexicon for w in words) >= len(words) - 2  # I and HM are not in the list


DEFAULT = "the word list SCOWL-70 US/UK/CA/AU, the companion default"


@pytest.mark.parametrize(("word", "base", "forms", "said"), [
    ("runned", "RUN", ["RAN", "RUN"], "RAN for the past and RUN for the past participle"),
    ("childs", "CHILD", ["CHILDREN"], "CHILDREN"), ("Tooths", "TOOTH", ["TEETH"], "TEETH"),
    ("gooder", "GOOD", ["BETTER"], "BETTER"), ("goodest", "GOOD", ["BEST"], "BEST"),
    ("womans", "WOMAN", ["WOMEN"], "WOMEN"), ("dieing", "DIE", ["DYING"], "DYING"),
    ("goed", "GO", ["WENT", "GONE"], "WENT for the past and GONE for the past participle"),
    ("halfs", "HALF", ["HALVES"], "HALVES"),
    # a past or participle that is the base itself, which WordNet's exception list cannot hold
    ("cutted", "CUT", ["CUT"], "CUT for the past and the past participle"),
    ("hitted", "HIT", ["HIT"], "HIT for the past and the past participle"),
    ("puted", "PUT", ["PUT"], "PUT for the past and the past participle"),
    ("spreaded", "SPREAD", ["SPREAD"], "SPREAD for the past and the past participle"),
    ("beated", "BEAT", ["BEAT", "BEATEN"],
     "BEAT for the past and BEATEN or BEAT for the past participle"),
    ("comed", "COME", ["CAME", "COME"], "CAME for the past and COME for the past participle"),
    ("bidded", "BID", ["BID", "BADE", "BIDDEN"],
     "BID or BADE for the past and BIDDEN or BID for the past participle")])
def test_a_regular_ending_on_an_irregular_word_names_the_forms_the_list_has(word, base, forms,
                                                                            said):
    # RUNNED, CHILDS: "not in the word list" was all; the judge now says why not. CUTTED and
    # BEATED got near words, and RUNNED named RAN but not RUN, GOED GONE before WENT.
    verdict = check_word(word, with_definitions=False)
    assert not verdict.valid
    assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: {base} is irregular; "
                              f"the list has {said}.")
    assert verdict.irregular_base == base and list(verdict.irregular_forms) == forms
    assert not verdict.near_words


@pytest.mark.parametrize(("word", "base"), [
    ("sheeps", "SHEEP"), ("mooses", "MOOSE"), ("aircrafts", "AIRCRAFT")])
def test_a_plural_ending_on_a_noun_whose_plural_is_itself_says_so(word, base):
    # SHEEPS got the near words SHEEP and SHLEPS, MOOSES MOUSES before MOOSE
    verdict = check_word(word, with_definitions=False)
    assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: {base} is irregular; its "
                              f"plural is {base}.")
    assert verdict.irregular_base == base and list(verdict.irregular_forms) == [base]
    assert not verdict.near_words
    # FISH has FISHES too, in the list: FISHS is a regular plural spelt wrong
    assert check_word("fishs", with_definitions=False).near_words[0] == "FISHES"


@pytest.mark.parametrize(("word", "cards", "base", "forms", "said"), [
    ("childs", "CHI", "CHILD", ["CHILDREN"], "CHILDREN"),
    ("beated", "BEA", "BEAT", ["BEAT", "BEATEN"],
     "BEAT for the past and BEATEN or BEAT for the past participle"),
    # WENT, CAME, BID do not fit the cards: only the participle is named
    ("goed", "GOE", "GO", ["GONE"], "GONE for the past participle"),
    ("comed", "COM", "COME", ["COME"], "COME for the past participle"),
    ("bidded", "BID", "BID", ["BIDDEN"], "BIDDEN for the past participle")])
def test_pdq_names_only_the_irregular_forms_that_fit_the_cards(word, cards, base, forms, said):
    # GOED (G O E) named WENT, which does not fit the cards, as the near words never do
    verdict = judge(word, cards)
    assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: {base} is irregular; "
                              f"the list has {said}.")
    assert verdict.irregular_base == base and list(verdict.irregular_forms) == forms


@pytest.mark.parametrize(("word", "cards", "near"), [
    ("cutted", "CUT", "; close to it in the list: CUTTER."),  # CUT: three letters, PDQ's four
    ("runned", "RUN", "; close to it in the list: RUNNER, RUINED and RUNNEL."),  # RAN: no U
    ("gooder", "GOD", ".")])  # BETTER has no G
def test_pdq_names_no_irregular_form_it_would_refuse(word, cards, near):
    # CUTTED was told "CUT is irregular; the list has CUT ...": a word PDQ refuses as short
    verdict = judge(word, cards)
    assert verdict.reason == f"{word.upper()} is not in {DEFAULT}{near}"
    assert verdict.irregular_base == "" and verdict.irregular_forms == ()


@pytest.mark.parametrize("word", ["putted", "quitted", "betted", "broadcasted"])
def test_a_form_the_list_has_is_valid_before_any_reason(word):
    # PUTTED is PUTT's past: the list decides, whatever PUT's forms are
    assert check_word(word, with_definitions=False).valid


def test_the_verb_forms_table_holds_the_forms_wordnet_cannot():
    from companion.lexicon.spelling import verb_forms

    assert verb_forms("cut") == (("cut",), ("cut",))
    assert verb_forms("beat") == (("beat",), ("beaten", "beat"))
    assert verb_forms("run") == (("ran",), ("run",))
    assert verb_forms("walk") is None and verb_forms("acquit") is None  # regular -ED


@pytest.mark.parametrize(("word", "near"), [
    ("learnned", "LEARNED"),  # LEARN has LEARNT too, but LEARNED is regular: not irregular
    ("fishs", "FISHES, FISH, FISTS, FISCS and FISHY")])  # FISHES is FISH's regular plural
def test_no_irregular_claim_where_the_list_has_the_regular_form(word, near):
    verdict = check_word(word, with_definitions=False)
    assert verdict.irregular_base == "" and verdict.irregular_forms == []
    assert verdict.reason == f"{word.upper()} is not in {DEFAULT}; close to it in the list: {near}."


@pytest.mark.parametrize(("word", "near"), [
    ("recieve", ["RECEIVE", "RELIEVE"]),  # two letters swapped first
    ("wierd", ["WEIRD", "WIRED", "WIELD"]),
    # COLLOGUE, a vowel changed, is as likely a slip as a letter dropped: the commoner first
    ("collegue", ["COLLEAGUE", "COLLEGE", "COLLOGUE"]),
    ("seperate", ["SEPARATE"]), ("untill", ["UNTIL"]), ("Truely", ["TRULY"]),
    ("teh", ["THE"]),  # a short word: only a swap
    ("acommodate", ["ACCOMMODATE"]), ("publically", ["PUBLICLY"]),  # two edits, 7+ letters
    # five and six words two edits away, so none was named: but only one by two doubling slips
    ("beggining", ["BEGINNING"]), ("comitee", ["COMMITTEE"])])
def test_a_near_spelling_names_the_words_of_the_list_close_to_it(word, near):
    for verdict in (check_word(word, with_definitions=False),):
        assert verdict.near_words == near
        assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}; close to it in the list: "
                                  f"{', '.join(near[:-1]) + ' and ' if len(near) > 1 else ''}"
                                  f"{near[-1]}.")


@pytest.mark.parametrize(("word", "near"), [
    # BABIES and CITIES, two edits away, were not named; STOOPED came before STOPPED, TOYED
    # and TREED before TRIED, MONIES before MONKEYS
    ("babys", ["BABIES", "BAYS", "BABY", "BABES", "BABAS"]), ("citys", ["CITIES", "CITY", "CITES"]),
    ("monkies", ["MONKEYS", "MONIES", "HONKIES"]), ("tomatos", ["TOMATOES", "TOMATO"]),
    ("stoped", ["STOPPED", "STOOPED", "STOMPED", "STOPE", "STORED"]),
    ("tryed", ["TRIED", "TOYED", "TREED", "TRUED"]), ("studyed", ["STUDIED", "STUDDED"])])
def test_a_regular_ending_spelt_wrong_names_its_right_spelling_first(word, near):
    verdict = check_word(word, with_definitions=False)
    assert verdict.near_words == near and not verdict.irregular_base


@pytest.mark.parametrize(("word", "form", "what", "of"), [
    ("teeths", "TEETH", "plural", "TOOTH"), ("mices", "MICE", "plural", "MOUSE"),
    ("childrens", "CHILDREN", "plural", "CHILD"), ("womens", "WOMEN", "plural", "WOMAN"),
    ("criterias", "CRITERIA", "plural", "CRITERION"),
    ("tooked", "TOOK", "past", "TAKE"), ("wented", "WENT", "past", "GO"),
    ("drunked", "DRUNK", "past participle", "DRINK"),
    ("boughted", "BOUGHT", "past and past participle", "BUY"),
    ("bestest", "BEST", "superlative", "GOOD and WELL"),
    ("worsest", "WORSE", "comparative", "BAD, BADLY and ILL")])
def test_an_irregular_form_given_its_ending_again_is_told_what_it_is(word, form, what, of):
    # TEETHS named TETHS first, MICES MICE among MINCES and MACES, DRUNKED DUNKED and
    # DRUNKER; TOOKED, WENTED, BESTEST and WORSEST nothing; BEST was of GOOD alone
    verdict = check_word(word, with_definitions=False)
    assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: {form} is already the "
                              f"{what} of {of}.")
    assert (verdict.irregular_base, verdict.irregular_forms, verdict.near_words) == (
        of.split(",")[0].split()[0], [form], [])


@pytest.mark.parametrize(("word", "near"), [
    ("divees", ["DIVES", "DIVERS"]),  # DIVE is the plural of DIVA in WordNet, but a singular
    ("germens", ["GERMEN"]),  # GERMEN is a singular (GERMINA), not the plural of GERMAN
    ("doned", ["DONNED", "DOWNED", "DINED", "DONE", "DONGED"])])  # DON's -ED spelt wrong
def test_a_word_that_is_only_seemingly_a_form_given_its_ending_again_gets_near_words(word,
                                                                                    near):
    verdict = check_word(word, with_definitions=False)
    assert verdict.near_words == near and not verdict.irregular_base


@pytest.mark.parametrize("word", ["zzqx", "zxk", "qwertyuiop", "spangleit"])
def test_nothing_is_said_when_nothing_is_close(word):
    # SPANGLEIT has five words two edits away: too many for any to be the word meant
    verdict = check_word(word, with_definitions=False)
    assert verdict.near_words == [] and verdict.reason == f"{word.upper()} is not in {DEFAULT}."


def test_near_words_are_those_the_game_or_the_cards_take():
    # OCCURRED has 8 letters, one more than Word Girdle takes; RELIEVE has no C for PDQ's R C V
    assert check_word("occured").near_words == ["OCCURRED"]
    girdle = check_word("occured", game="girdle")
    assert girdle.near_words == [] and girdle.reason == f"OCCURED is not in {DEFAULT}."
    pdq = judge("recieve", "RCV")
    assert pdq.near_words == ("RECEIVE",) and pdq.reason.endswith("close to it in the list: "
                                                                  "RECEIVE.")
    assert pdq.to_dict()["near_words"] == ["RECEIVE"]


def test_a_house_list_is_searched_as_it_stands():
    # a word the house removes is not offered, a word it adds is
    base = Lexicon(["receive", "relieve", "cat"], "base.txt")
    lex = HouseLexicon(base, [Layer("no.txt", "remove", frozenset({"relieve"})),
                              Layer("family.txt", "add", frozenset({"recieves"}))])
    assert check_word("recieve", lexicon=lex).near_words == ["RECEIVE", "RECIEVES"]
    removed = check_word("relieve", lexicon=lex)
    assert removed.near_words == [] and removed.reason.endswith("no.txt removes it.")


@pytest.mark.parametrize(("word", "written", "near"), [
    ("alot", "A LOT", ["ALLOT", "ALTO", "ALIT", "ALOFT", "ALOE"]),
    ("infact", "IN FACT", ["INFECT", "INFARCT", "INFRACT", "INTACT", "INFANT"]),
    ("atleast", "AT LEAST", []), ("icecream", "ICE CREAM", []), ("inorder", "IN ORDER", [])])
def test_words_written_as_one_are_told_the_dictionary_has_them_apart(word, written, near):
    # ALOT named only ALLOT, ALTO ...; ATLEAST and ICECREAM got nothing but "not in the list"
    for verdict in (check_word(word, with_definitions=False), judge(word, word[:3])):
        assert verdict.reason.startswith(f"{word.upper()} is not in {DEFAULT}: the dictionary "
                                         f"has it as two words, {written}")
        assert verdict.written_as == written
    verdict = check_word(word, with_definitions=False)
    tail = f"; close to it in the list: {', '.join(near[:-1])} and {near[-1]}." if near else "."
    assert verdict.reason.endswith(f"two words, {written}{tail}")
    assert list(verdict.near_words) == near


@pytest.mark.parametrize(("word", "said", "written", "near"), [
    ("inspite", "two words, IN SPITE, as in IN SPITE OF", "IN SPITE", ["INSPIRE"]),
    ("eachother", "two words, EACH OTHER", "EACH OTHER", []),
    ("inspiteof", "three words, IN SPITE OF", "IN SPITE OF", []),
    ("noone", "two words, NO ONE", "NO ONE", ["NONE", "NOON", "NOONS", "NOOSE"])])
def test_a_fixed_phrase_run_together_is_told_it_is_written_apart(word, said, written, near):
    # WordNet has no pronouns or prepositions, so no lemma EACH OTHER or IN SPITE OF:
    # EACHOTHER got nothing but "not in the list", INSPITE and NOONE only their near words
    for verdict in (check_word(word, with_definitions=False), judge(word, word[:3])):
        assert verdict.reason.startswith(f"{word.upper()} is not in {DEFAULT}: it is written "
                                         f"as {said}")
        assert verdict.written_as == written
    verdict = check_word(word, with_definitions=False)
    named = " and ".join([", ".join(near[:-1]), near[-1]] if len(near) > 1 else near)
    tail = f"; close to it in the list: {named}." if near else "."
    assert verdict.reason == f"{word.upper()} is not in {DEFAULT}: it is written as {said}{tail}"
    assert list(verdict.near_words) == near


def test_the_fixed_phrase_table_is_sound():
    import re

    from companion.datafiles import read_table
    from companion.lexicon import default_lexicon
    from companion.lexicon.wordnet import default_wordnet, written_apart

    rows = read_table("fixed-phrases.tsv")
    assert len(rows) == len({r["phrase"] for r in rows}) >= 10
    wordnet = default_wordnet()
    assert wordnet is not None
    glosses = " ".join((wordnet.folder / f"data.{pos}").read_text(errors="replace").lower()
                       for pos in ("noun", "verb", "adj", "adv"))
    for row in rows:
        assert row["in"].startswith(row["phrase"]) and len(row["phrase"].split()) >= 2
        for written in {row["phrase"], row["in"]}:
            joined = written.replace(" ", "")
            # not a word of the list (ANYMORE), nor a lemma the dictionary has (A LOT)
            assert joined.isalpha() and joined not in default_lexicon(), written
            assert not written_apart(joined), written
        # a phrase of English: the dictionary's own glosses and examples use it
        assert re.search(rf"\b{row['in']}\b", glosses), row["in"]


def test_a_name_written_as_two_words_is_told_the_rule_on_names():
    verdict = check_word("newyork", with_definitions=False)
    assert verdict.reason == (f"NEWYORK is not in {DEFAULT}: the dictionary knows it only as a "
                              "name written as two words (New York). Proper nouns (names of "
                              "people and places) are not allowed.")
    # the X of X ray is a capital, but RAY is no name's
    assert "has it as two words, X RAY" in check_word("xray", with_definitions=False).reason


@pytest.mark.parametrize(("word", "forms", "stands_for"), [
    ("tv", "TV", ["television"]), ("ok", "OK", []), ("ph", "pH", []), ("ms", "MS", []),
    ("nm", "nm, NM", ["nanometer", "New Mexico"]),  # the case tells them apart: both kept
    ("nasa", "NASA", ["National Aeronautics and Space Administration"]),
    ("usa", "USA", ["United States of America", "United States Army"]), ("dvd", "DVD", [])])
def test_an_abbreviation_is_told_what_it_stands_for(word, forms, stands_for):
    # TV and OK (written tv and ok in a sense) got no reason; PH was called a name (pH);
    # then each spelling was named, the same abbreviation twice: "(TV, tv, of television)",
    # and OK, whose Oklahoma alone names a long form, "(OK, ok)", as if "of ..." were missing
    verdict = check_word(word, with_definitions=False)
    of = f", of {' or '.join(stands_for)}" if stands_for else ""
    assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: the dictionary knows it "
                              f"only as an abbreviation ({forms}{of}). Abbreviations are not "
                              "allowed.")
    assert verdict.abbreviation_of == stands_for


def test_words_of_the_list_that_are_abbreviations_too_stay_valid():
    for word in ("ad", "id", "am", "us", "it", "exam", "phone"):
        assert check_word(word, with_definitions=False).valid, word


@pytest.mark.parametrize(("word", "written"), [
    ("dont", "DON'T"), ("isnt", "ISN'T"), ("im", "I'M"), ("youre", "YOU'RE"),
    ("theyre", "THEY'RE"), ("wouldnt", "WOULDN'T")])
def test_a_contraction_without_its_apostrophe_is_told_so(word, written):
    # DONT named DENT, DON, DOT ...; ISNT got nothing but "not in the list"
    verdicts = [check_word(word, with_definitions=False)]
    verdicts += [judge(word, word[:3])] if len(word) >= 4 else []  # PDQ's words are longer
    for verdict in verdicts:
        assert verdict.reason == (f"{word.upper()} is not in {DEFAULT}: {word.upper()} is "
                                  f"{written} without its apostrophe; contractions are not "
                                  "allowed.")
        assert verdict.written_as == written and not verdict.near_words


@pytest.mark.parametrize("word", ["cant", "wont", "ill", "shell", "well", "were", "hell", "wed"])
def test_a_contraction_without_its_apostrophe_that_is_a_word_stays_valid(word):
    verdict = check_word(word, with_definitions=False)
    assert verdict.valid and not verdict.written_as


def test_the_contraction_table_is_sound():
    from companion.datafiles import read_table

    rows = read_table("contractions.tsv")
    assert len(rows) == len({r["contraction"] for r in rows}) > 70
    assert all("'" in r["contraction"] and r["full"] for r in rows)


@pytest.mark.parametrize(("word", "base", "form", "reason"), [
    ("manyer", "MANY", "MORE", "MANY is irregular; the list has MORE."),
    ("mucher", "MUCH", "MORE", "MUCH is irregular; the list has MORE."),
    ("muchest", "MUCH", "MOST", "MUCH is irregular; the list has MOST."),
    # MOST is the superlative of MUCH too: the reason named MANY alone
    ("mostest", "MANY", "MOST", "MOST is already the superlative of MANY and MUCH."),
    ("moster", "MANY", "MOST", "MOST is already the superlative of MANY and MUCH."),
    ("lessest", "LITTLE", "LESS", "LESS is already the comparative of LITTLE.")])
def test_a_regular_ending_on_many_or_much_names_more_and_most(word, base, form, reason):
    # WordNet's exception list for adjectives has no MORE or MOST: MANYER named MANNER
    verdict = check_word(word, with_definitions=False)
    assert verdict.reason == f"{word.upper()} is not in {DEFAULT}: {reason}"
    assert (verdict.irregular_base, verdict.irregular_forms) == (base, [form])


@pytest.mark.parametrize("word", ["series", "species"])
def test_series_and_species_are_their_own_plurals(word):
    # AGID gives SERIESES (and lacks SPECIES), so the table had neither
    verdict = check_word(word + "es", with_definitions=False)
    assert verdict.reason == (f"{word.upper()}ES is not in {DEFAULT}: {word.upper()} is "
                              f"irregular; its plural is {word.upper()}.")


def test_a_play_s_words_given_without_its_squares_are_judged_by_the_word_list():
    """A score sheet's words typed with their score, in a game where the companion judges
    every play: those the list lacks, in the sentence a play forming them is refused with."""
    lex = default_lexicon()
    assert words_refusal(["quiz", "AT"], lex) == ""
    assert words_refusal(["QUIZ", "zxq"], lex) == ("ZXQ is not in the word list SCOWL-70 "
                                                   "US/UK/CA/AU, the companion default.")
    assert words_refusal(["ZXQ", "QUIZ", "QX", "zxq"], lex) == (
        f"{missing_reason(['ZXQ', 'QX'], lex)}.")
