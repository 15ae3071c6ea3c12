<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/main.cpp" line="89"/>
        <source>Baseline</source>
        <translation>Referenz</translation>
    </message>
</context>
<context>
    <name>gx::app</name>
    <message>
        <location filename="../app/plan_utils.cpp" line="48"/>
        <source> (+1 layer differs)</source>
        <translation> (+1 Schicht abweichend)</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="50"/>
        <source> (+%1 layers differ)</source>
        <translation> (+%1 Schichten abweichend)</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="55"/>
        <source>pp%1 %2, %3, batch %4 = %5 x %6</source>
        <translation>PP%1 %2, %3, Batch %4 = %5 x %6</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="74"/>
        <source>The best plan uses %1% of the memory budget: little room for allocator fragmentation.</source>
        <translation>Der beste Plan nutzt %1% des Speicherbudgets: wenig Raum für Fragmentierung des Allokators.</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="80"/>
        <source>With 5% headroom: %1, %2 (%3 slower per sample) &amp;mdash; pick it on the Frontier tab.</source>
        <translation>Mit 5% Reserve: %1, %2 (%3 langsamer pro Sample) &amp;mdash; wählen Sie ihn im Tab Pareto-Front.</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="91"/>
        <source>&lt;h3&gt;Plan notation&lt;/h3&gt;&lt;p&gt;A plan reads like &lt;code&gt;pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, batch 256 = 16 x 16&lt;/code&gt;:&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Plan-Notation&lt;/h3&gt;&lt;p&gt;Ein Plan liest sich wie &lt;code&gt;pp2 1f1b, tp2-sp dp4 ZeRO-1 sel-ckpt, Batch 256 = 16 x 16&lt;/code&gt;:&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="93"/>
        <source>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;pp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;pipeline parallelism: the layers are split into 2 stages&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;1f1b&lt;/code&gt;, &lt;code&gt;gpipe&lt;/code&gt;, &lt;code&gt;interleaved v=4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;pipeline schedule: one-forward-one-backward, all forwards then all backwards, or 4 model chunks per stage (Narayanan et al. 2021)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;tp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;tensor parallelism: each layer&apos;s matrices split over 2 GPUs (Megatron-LM)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;-sp&lt;/code&gt;&lt;/td&gt;&lt;td&gt;with sequence parallelism: norms and dropout split along the sequence over the same GPUs (Korthikanti et al. 2022)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;data parallelism: 4 replicas of the stage&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ZeRO-1/2/3&lt;/code&gt;&lt;/td&gt;&lt;td&gt;the replicas shard optimizer states (1), + gradients (2), + weights (3) (Rajbhandari et al. 2020); none = DDP&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp-first&lt;/code&gt;&lt;/td&gt;&lt;td&gt;data-parallel ranks adjacent (TP spans nodes)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ckpt&lt;/code&gt;, &lt;code&gt;sel-ckpt&lt;/code&gt;&lt;/td&gt;&lt;td&gt;full activation checkpointing (recompute the layer) or selective (recompute the attention core only)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;batch 256 = 16 x 16&lt;/code&gt;&lt;/td&gt;&lt;td&gt;global batch of 256 samples = 16 micro-batches x 16 samples each&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;(+5 layers differ)&lt;/code&gt;&lt;/td&gt;&lt;td&gt;most layers use the strategy shown; 5 use another (see the Plan table)&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=3&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;pp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;Pipeline-Parallelität: die Schichten werden auf 2 Stufen aufgeteilt&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;1f1b&lt;/code&gt;, &lt;code&gt;gpipe&lt;/code&gt;, &lt;code&gt;interleaved v=4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;Pipeline-Ablauf: abwechselnd ein Vorwärts- und ein Rückwärtsschritt, alle Vorwärts- dann alle Rückwärtsschritte, oder 4 Modellteile pro Stufe (Narayanan et al. 2021)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;tp2&lt;/code&gt;&lt;/td&gt;&lt;td&gt;Tensor-Parallelität: die Matrizen jeder Schicht auf 2 GPUs aufgeteilt (Megatron-LM)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;-sp&lt;/code&gt;&lt;/td&gt;&lt;td&gt;mit Sequenzparallelität: Normierungen und Dropout entlang der Sequenz auf dieselben GPUs aufgeteilt (Korthikanti et al. 2022)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp4&lt;/code&gt;&lt;/td&gt;&lt;td&gt;Datenparallelität: 4 Replikate der Stufe&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ZeRO-1/2/3&lt;/code&gt;&lt;/td&gt;&lt;td&gt;die Replikate teilen Optimiererzustände (1), + Gradienten (2), + Gewichte (3) auf (Rajbhandari et al. 2020); keines = DDP&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;dp-first&lt;/code&gt;&lt;/td&gt;&lt;td&gt;datenparallele Ränge benachbart (TP über Knoten hinweg)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;ckpt&lt;/code&gt;, &lt;code&gt;sel-ckpt&lt;/code&gt;&lt;/td&gt;&lt;td&gt;volles Aktivierungs-Checkpointing (Schicht neu berechnen) oder selektives (nur den Attention-Kern neu berechnen)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;batch 256 = 16 x 16&lt;/code&gt;&lt;/td&gt;&lt;td&gt;globaler Batch von 256 Samples = 16 Micro-Batches x 16 Samples&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;code&gt;(+5 layers differ)&lt;/code&gt;&lt;/td&gt;&lt;td&gt;die meisten Schichten nutzen die gezeigte Strategie; 5 eine andere (siehe Plan-Tabelle)&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <location filename="../app/plan_utils.cpp" line="114"/>
        <source>&lt;p&gt;MFU (model FLOPs utilisation) = the model&apos;s training FLOPs per iteration (3 x forward, without recomputation) / (iteration time x GPUs x peak FLOP/s). By convention the model FLOPs count attention scores over the whole sequence, while causal FlashAttention kernels compute only half of them; with long sequences MFU can therefore read above the cluster&apos;s GEMM efficiency.&lt;/p&gt;&lt;p&gt;Memory: the planner keeps each GPU&apos;s peak below the budget (GPU memory minus the reserve). Plans within a few percent of the budget leave little room for allocator fragmentation: set a budget or reserve in Search settings, or pick a Frontier point with less memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;MFU (Modell-FLOPs-Auslastung) = Trainings-FLOPs des Modells pro Iteration (3 x Vorwärts, ohne Neuberechnung) / (Iterationszeit x GPUs x Spitzen-FLOP/s). Üblicherweise zählen die Modell-FLOPs die Attention-Scores über die ganze Sequenz, während kausale FlashAttention-Kernels nur die Hälfte berechnen; bei langen Sequenzen kann die MFU daher über der GEMM-Effizienz des Clusters liegen.&lt;/p&gt;&lt;p&gt;Speicher: der Planer hält die Spitze jeder GPU unter dem Budget (GPU-Speicher minus Reserve). Pläne wenige Prozent unter dem Budget lassen wenig Raum für Fragmentierung des Allokators: setzen Sie in den Sucheinstellungen ein Budget oder eine Reserve, oder wählen Sie einen Pareto-Punkt mit weniger Speicher.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::ClusterEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="526"/>
        <source>Built-in cluster presets</source>
        <translation>Eingebaute Cluster-Vorlagen</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="527"/>
        <source>(custom cluster)</source>
        <translation>(eigener Cluster)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="534"/>
        <source>Open a cluster profile</source>
        <translation>Ein Cluster-Profil öffnen</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="535"/>
        <source>Save the cluster profile as JSON</source>
        <translation>Das Cluster-Profil als JSON speichern</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="550"/>
        <source>whole node</source>
        <translation>ganzer Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="551"/>
        <source>GPUs per NVLink island: GPUs linked directly to each other inside a node (e.g. 2 for NVLink bridges in pairs). Must divide the GPUs per node. The multi-model planner keeps small jobs inside one island.</source>
        <translation>GPUs pro NVLink-Insel: GPUs eines Knotens, die direkt miteinander verbunden sind (z. B. 2 bei paarweisen NVLink-Brücken). Muss die GPUs pro Knoten teilen. Die Multi-Modell-Planung hält kleine Jobs innerhalb einer Insel.</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="555"/>
        <location filename="../app/views/profile_editors.cpp" line="566"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="556"/>
        <source> TFLOP/s</source>
        <translation> TFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="559"/>
        <location filename="../app/views/profile_editors.cpp" line="560"/>
        <location filename="../app/views/profile_editors.cpp" line="562"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="561"/>
        <location filename="../app/views/profile_editors.cpp" line="563"/>
        <source> us</source>
        <translation> µs</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="567"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="568"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="569"/>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="570"/>
        <source>GPUs per NVLink island</source>
        <translation>GPUs pro NVLink-Insel</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="571"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="572"/>
        <source>GPU memory</source>
        <translation>GPU-Speicher</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="573"/>
        <source>Peak BF16</source>
        <translation>BF16-Spitzenleistung</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="574"/>
        <source>GEMM efficiency</source>
        <translation>GEMM-Effizienz</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="575"/>
        <source>HBM bandwidth</source>
        <translation>HBM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="576"/>
        <source>Intra-node bandwidth</source>
        <translation>Bandbreite im Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="577"/>
        <source>Intra-node latency</source>
        <translation>Latenz im Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="578"/>
        <source>Inter-node bandwidth</source>
        <translation>Bandbreite zwischen Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="579"/>
        <source>Inter-node latency</source>
        <translation>Latenz zwischen Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="580"/>
        <source>Overlap efficiency</source>
        <translation>Überlappungseffizienz</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="581"/>
        <source>Reserved per GPU</source>
        <translation>Reserviert pro GPU</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="724"/>
        <source>%1 GPUs: %2 x %3 %4; %5 inside nodes, %6 between%7</source>
        <translation>%1 GPUs: %2 x %3 %4; %5 im Knoten, %6 zwischen Knoten%7</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="731"/>
        <source>; measured collectives</source>
        <translation>; gemessene Kollektive</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="739"/>
        <source>Edited by hand since it was loaded</source>
        <translation>Seit dem Laden von Hand geändert</translation>
    </message>
</context>
<context>
    <name>gx::app::CompareView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="208"/>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>Plan A</source>
        <translation>Plan A</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="210"/>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>Plan B</source>
        <translation>Plan B</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="214"/>
        <source>B vs A</source>
        <translation>B gegenüber A</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="289"/>
        <source>Iteration time</source>
        <translation>Iterationszeit</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="291"/>
        <source>Tokens / s</source>
        <translation>Tokens / s</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="293"/>
        <source>Peak memory / GPU</source>
        <translation>Spitzenspeicher / GPU</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="295"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="297"/>
        <source>Pipeline bubble</source>
        <translation>Pipeline-Blase</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="299"/>
        <source>Exposed DP sync</source>
        <translation>Sichtbare DP-Synchronisation</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="301"/>
        <source>Exposed TP comm</source>
        <translation>Sichtbare TP-Kommunikation</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="303"/>
        <source>Exposed CP exchange</source>
        <translation>Sichtbarer CP-Austausch</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="305"/>
        <source>Exposed EP all-to-all</source>
        <translation>Sichtbares EP-All-to-All</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="307"/>
        <source>Pipeline stages</source>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="308"/>
        <source>TP x DP (first layer)</source>
        <translation>TP x DP (erste Schicht)</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="310"/>
        <source>Schedule</source>
        <translation>Ablaufplan</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="312"/>
        <source>Global batch x micro-batches</source>
        <translation>Globale Batchgröße x Micro-Batches</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="315"/>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="334"/>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="334"/>
        <source>differs</source>
        <translation>verschieden</translation>
    </message>
</context>
<context>
    <name>gx::app::CoreText</name>
    <message>
        <location filename="../app/core_text.cpp" line="41"/>
        <source>sp on</source>
        <translation>sp an</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="43"/>
        <source>sp off</source>
        <translation>sp aus</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="46"/>
        <source>TP ranks adjacent</source>
        <translation>TP-Ränge benachbart</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="48"/>
        <source>DP ranks adjacent</source>
        <translation>DP-Ränge benachbart</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="51"/>
        <source>ckpt none</source>
        <translation>ckpt keines</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="53"/>
        <source>ckpt selective</source>
        <translation>ckpt selektiv</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="55"/>
        <source>ckpt full</source>
        <translation>ckpt voll</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="60"/>
        <source>%1 layer on %2 GPUs</source>
        <translation>%1-Schicht auf %2 GPUs</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="64"/>
        <source>pp=%1 (%2 GPUs/stage)</source>
        <translation>pp=%1 (%2 GPUs/Stufe)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="75"/>
        <source>user constraints: fixed/max degrees, allowed ZeRO stages, SP and checkpointing</source>
        <translation>Vorgaben des Benutzers: feste/maximale Grade, erlaubte ZeRO-Stufen, SP und Checkpointing</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="77"/>
        <source>parallel degrees are powers of two (switch off for any divisor)</source>
        <translation>Parallelitätsgrade sind Zweierpotenzen (ausschalten für beliebige Teiler)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="79"/>
        <source>every pipeline stage (model chunk) needs at least one layer</source>
        <translation>jede Pipeline-Stufe (jeder Modellteil) braucht mindestens eine Schicht</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="81"/>
        <source>the tensor degree divides the attention (and KV) heads</source>
        <translation>der Tensorgrad teilt die Attention-(und KV-)Köpfe</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="83"/>
        <source>a tensor-parallel group does not cross node boundaries</source>
        <translation>eine tensorparallele Gruppe überschreitet keine Knotengrenzen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="85"/>
        <source>sequence parallelism changes nothing without tensor parallelism</source>
        <translation>Sequenzparallelität ändert ohne Tensor-Parallelität nichts</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="87"/>
        <source>ZeRO stages change nothing without data parallelism</source>
        <translation>ZeRO-Stufen ändern ohne Datenparallelität nichts</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="89"/>
        <source>rank order (TP or DP adjacent) only matters when tp &gt; 1 and dp &gt; 1</source>
        <translation>die Rangfolge (TP oder DP benachbart) zählt nur bei tp &gt; 1 und dp &gt; 1</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="91"/>
        <source>the micro-batch splits evenly over the data-parallel degree</source>
        <translation>der Micro-Batch teilt sich gleichmäßig auf den Datenparallelitätsgrad auf</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="93"/>
        <source>model states and activations alone exceed the memory budget</source>
        <translation>schon Modellzustände und Aktivierungen überschreiten das Speicherbudget</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="95"/>
        <source>another candidate is no slower and no larger in every cost term (incl. switch costs)</source>
        <translation>ein anderer Kandidat ist in jedem Kostenterm (inkl. Wechselkosten) nicht langsamer und nicht größer</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="97"/>
        <source>in a stage, another candidate takes every run of this one faster (its switches in and out included), in no more memory</source>
        <translation>in einer Stufe übernimmt ein anderer Kandidat jeden Lauf dieses Kandidaten schneller (samt Wechseln hinein und hinaus) und mit nicht mehr Speicher</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="100"/>
        <source>GPipe holds at least as many micro-batches as 1F1B at the same time cost</source>
        <translation>GPipe hält bei gleichen Zeitkosten mindestens so viele Micro-Batches wie 1F1B</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="102"/>
        <source>interleaved schedules use equal model chunks (layers divisible by pp * chunks)</source>
        <translation>verschränkte Abläufe nutzen gleich große Modellteile (Schichten teilbar durch pp * Teile)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="104"/>
        <source>a lower bound on the iteration time exceeds the k-th best plan</source>
        <translation>eine untere Schranke der Iterationszeit übersteigt den k-besten Plan</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="106"/>
        <source>the target framework cannot run this data-parallel type (e.g. DeepSpeed: ZeRO-2/3 with pipeline parallelism; torchtitan: ZeRO-1)</source>
        <translation>das Ziel-Framework kann diese Art der Datenparallelität nicht ausführen (z. B. DeepSpeed: ZeRO-2/3 mit Pipeline-Parallelität; torchtitan: ZeRO-1)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="109"/>
        <source>the target framework cannot run this tensor-parallel degree (DeepSpeed: TP with PP)</source>
        <translation>das Ziel-Framework kann diesen Tensor-Parallelitätsgrad nicht ausführen (DeepSpeed: TP mit PP)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="111"/>
        <source>the target framework has no Megatron-style sequence parallelism</source>
        <translation>das Ziel-Framework hat keine Sequenzparallelität im Stil von Megatron</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="113"/>
        <source>the target framework always places tensor-parallel ranks adjacent</source>
        <translation>das Ziel-Framework legt tensorparallele Ränge immer nebeneinander</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="115"/>
        <source>the target framework cannot run this recomputation (selective)</source>
        <translation>das Ziel-Framework kann diese Neuberechnung (selektiv) nicht ausführen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="117"/>
        <source>context parallelism only for sequences of at least cp_min_seq tokens (default 8192: NeMo&apos;s Llama 3 8B recipe uses cp=2 at 8K), keeping at least 1024 tokens per rank</source>
        <translation>Kontextparallelität nur für Sequenzen ab cp_min_seq Tokens (Standard 8192: NeMos Llama-3-8B-Rezept nutzt cp=2 bei 8K), mit mindestens 1024 Tokens pro Rang</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="120"/>
        <source>context parallelism needs fused self-attention and a sequence that splits into 2 x cp chunks (ring, load-balanced causal split) or cp chunks with heads and KV heads per TP rank split over cp (all-to-all)</source>
        <translation>Kontextparallelität braucht fusionierte Self-Attention und eine Sequenz, die sich in 2 x cp Stücke (Ring, lastverteilte kausale Teilung) oder in cp Stücke mit über cp teilbaren Köpfen und KV-Köpfen pro TP-Rang (All-to-All) teilen lässt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="124"/>
        <source>the target framework has no context parallelism (or not this exchange)</source>
        <translation>das Ziel-Framework hat keine Kontextparallelität (oder nicht diesen Austausch)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="126"/>
        <source>expert parallelism: mixture-of-experts layers only, ep divides the routed experts and dp x cp</source>
        <translation>Expertenparallelität: nur Mixture-of-Experts-Schichten, ep teilt die gerouteten Experten und dp x cp</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="129"/>
        <source>the target framework has no expert parallelism, or not in this layout (DeepSpeed: without pipeline parallelism; torchtitan: ep &gt; 1 only with tp = 1 and FSDP-sharded data parallelism; Hetu-Galvatron: ep 1 or dp x cp)</source>
        <translation>das Ziel-Framework hat keine Expertenparallelität oder nicht in dieser Anordnung (DeepSpeed: ohne Pipeline-Parallelität; torchtitan: ep &gt; 1 nur mit tp = 1 und FSDP-geteilter Datenparallelität; Hetu-Galvatron: ep 1 oder dp x cp)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="134"/>
        <source>after the planner: plans the target cannot run exactly as costed (a check: the rules above keep them out of the search)</source>
        <translation>nach dem Planer: Pläne, die das Ziel nicht genau wie berechnet ausführen kann (eine Prüfung: die Regeln oben halten sie aus der Suche heraus)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="137"/>
        <source>the target framework runs only some pipeline splits (DeepSpeed: partition_uniform; torchtitan: first/last_stage_less_layers)</source>
        <translation>das Ziel-Framework führt nur bestimmte Pipeline-Aufteilungen aus (DeepSpeed: partition_uniform; torchtitan: first/last_stage_less_layers)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="140"/>
        <source>the target framework shards embedding and LM head as the layers (tensor degree, or none for DeepSpeed, and data-parallel type)</source>
        <translation>das Ziel-Framework teilt Embedding und LM-Head wie die Schichten auf (Tensorgrad, bei DeepSpeed keiner, und Datenparallelitätstyp)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="143"/>
        <source>the target framework switches sequence parallelism for all tensor-parallel layers at once (searched once with it on and once off)</source>
        <translation>das Ziel-Framework schaltet Sequenzparallelität für alle tensorparallelen Schichten gemeinsam (einmal mit und einmal ohne gesucht)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="155"/>
        <source>%1%2 is not a power of two</source>
        <translation>%1%2 ist keine Zweierpotenz</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="157"/>
        <source>%1 stages but only %2 layers</source>
        <translation>%1 Stufen, aber nur %2 Schichten</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="159"/>
        <source>%1 is fixed to %2</source>
        <translation>%1 ist auf %2 festgelegt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="161"/>
        <source>%1 is limited to %2</source>
        <translation>%1 ist auf %2 begrenzt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="164"/>
        <source>tp=%1 does not divide %2 heads / %3 KV heads</source>
        <translation>tp=%1 teilt %2 Köpfe / %3 KV-Köpfe nicht</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="168"/>
        <source>tp=%1 does not divide %2 heads</source>
        <translation>tp=%1 teilt %2 Köpfe nicht</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="171"/>
        <source>tp=%1 exceeds the %2 GPUs of a node</source>
        <translation>tp=%1 übersteigt die %2 GPUs eines Knotens</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="175"/>
        <source>%1 does not combine tensor with pipeline parallelism</source>
        <translation>%1 kombiniert Tensor- nicht mit Pipeline-Parallelität</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="179"/>
        <source>%1 keeps every expert whole: no tensor parallelism in mixture-of-experts layers</source>
        <translation>%1 hält jeden Experten ganz: keine Tensor-Parallelität in Mixture-of-Experts-Schichten</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="184"/>
        <source>%1 does not run its expert parallelism with pipeline parallelism</source>
        <translation>%1 führt seine Experten-Parallelität nicht mit Pipeline-Parallelität aus</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="188"/>
        <source>%1 cannot run ZeRO-3 in mixture-of-experts layers with context parallelism</source>
        <translation>%1 kann ZeRO-3 in Mixture-of-Experts-Schichten nicht mit Kontext-Parallelität ausführen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="192"/>
        <source>%1 has no tensor parallelism</source>
        <translation>%1 hat keine Tensor-Parallelität</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="194"/>
        <source>tp=1: sequence parallelism is a no-op</source>
        <translation>tp=1: Sequenzparallelität bewirkt nichts</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="196"/>
        <source>%1 has no Megatron-style sequence parallelism</source>
        <translation>%1 hat keine Sequenzparallelität im Stil von Megatron</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="198"/>
        <source>sequence parallelism is switched off</source>
        <translation>Sequenzparallelität ist ausgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="199"/>
        <source>dp=1: nothing to shard</source>
        <translation>dp=1: nichts aufzuteilen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="202"/>
        <source>%1 cannot run %2 with context parallelism</source>
        <translation>%1 kann %2 nicht mit Kontextparallelität ausführen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="206"/>
        <source>%1 cannot run %2 with pipeline parallelism</source>
        <translation>%1 kann %2 nicht mit Pipeline-Parallelität ausführen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="209"/>
        <source>%1 cannot run %2</source>
        <translation>%1 kann %2 nicht ausführen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="211"/>
        <source>%1 is not allowed</source>
        <translation>%1 ist nicht erlaubt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="213"/>
        <source>%1=1: rank order is irrelevant</source>
        <translation>%1=1: die Rangfolge spielt keine Rolle</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="215"/>
        <source>%1 places tensor-parallel ranks adjacent</source>
        <translation>%1 legt tensorparallele Ränge nebeneinander</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="217"/>
        <source>%1 recomputes whole layers only</source>
        <translation>%1 berechnet nur ganze Schichten neu</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="219"/>
        <source>checkpointing is switched off</source>
        <translation>Checkpointing ist ausgeschaltet</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="222"/>
        <source>sequence of %1 tokens is below %2</source>
        <translation>Sequenz von %1 Tokens liegt unter %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="225"/>
        <source>%1 tokens per rank (&lt; 1024)</source>
        <translation>%1 Tokens pro Rang (&lt; 1024)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="228"/>
        <source>seq_len %1 does not split into %2 chunks</source>
        <translation>seq_len %1 lässt sich nicht in %2 Stücke teilen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="232"/>
        <source>seq_len %1 is not divisible by cp=%2</source>
        <translation>seq_len %1 ist nicht durch cp=%2 teilbar</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="236"/>
        <source>all-to-all: cp=%1 does not divide the %2 heads per TP rank</source>
        <translation>All-to-All: cp=%1 teilt die %2 Köpfe pro TP-Rang nicht</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="241"/>
        <source>all-to-all: cp=%1 neither divides nor is a multiple of the %2 KV heads per TP rank</source>
        <translation>All-to-All: cp=%1 ist weder Teiler noch Vielfaches der %2 KV-Köpfe pro TP-Rang</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="245"/>
        <source>context parallelism is modelled for self-attention layers only</source>
        <translation>Kontextparallelität ist nur für Self-Attention-Schichten modelliert</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="247"/>
        <source>the runtime&apos;s eager attention cannot split the sequence</source>
        <translation>die Eager-Attention der Laufzeitumgebung kann die Sequenz nicht teilen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="249"/>
        <source>%1 has no context parallelism</source>
        <translation>%1 hat keine Kontextparallelität</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="251"/>
        <source>%1 context parallelism is not allowed</source>
        <translation>%1-Kontextparallelität ist nicht erlaubt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="254"/>
        <source>ep=%1 does not divide the %2 routed experts</source>
        <translation>ep=%1 teilt die %2 gerouteten Experten nicht</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="257"/>
        <source>%1 runs ring attention only (no all-to-all)</source>
        <translation>%1 kennt nur Ring-Attention (kein All-to-All)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="259"/>
        <source>%1 runs all-to-all (Ulysses) only (no ring)</source>
        <translation>%1 kennt nur All-to-All (Ulysses), keinen Ring</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="262"/>
        <source>%1 runs all-to-all in place of tensor parallelism (tp=1 only)</source>
        <translation>%1 führt All-to-All anstelle von Tensorparallelität aus (nur tp=1)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="266"/>
        <source>%1 is not told to combine context parallelism with tensor parallelism</source>
        <translation>%1 wird nicht angewiesen, Kontext- mit Tensorparallelität zu kombinieren</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="271"/>
        <source>%1 is not told to combine context parallelism with pipeline parallelism</source>
        <translation>%1 wird nicht angewiesen, Kontext- mit Pipeline-Parallelität zu kombinieren</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="275"/>
        <source>%1 has no expert parallelism</source>
        <translation>%1 hat keine Expertenparallelität</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="278"/>
        <source>%1 places expert-parallel ranks outermost: ep is 1 or dp x cp = %2</source>
        <translation>%1 ordnet expertenparallele Ränge ganz außen an: ep ist 1 oder dp x cp = %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="284"/>
        <source>%1 keeps experts whole on their expert-parallel rank (no expert tensor parallelism with ep &gt; 1)</source>
        <translation>%1 hält jeden Experten ganz auf seinem expertenparallelen Rang (keine Experten-Tensorparallelität bei ep &gt; 1)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="290"/>
        <source>%1 takes expert-parallel ranks from FSDP-sharded ranks only</source>
        <translation>%1 nimmt expertenparallele Ränge nur aus FSDP-geteilten Rängen</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="301"/>
        <source>best for %1 %2 s/iteration; best for any runtime %3 s/iteration (%4% time per sample)</source>
        <translation>am besten für %1 %2 s/Iteration; am besten für beliebige Laufzeit %3 s/Iteration (%4% Zeit pro Sample)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="320"/>
        <source>1 measured run (%1)</source>
        <translation>1 gemessener Lauf (%1)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="320"/>
        <source>%1 measured runs (%2)</source>
        <translation>%1 gemessene Läufe (%2)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="324"/>
        <source>: median |error| %1% -&gt; %2%</source>
        <translation>: Median |Fehler| %1&#xa0;% -&gt; %2&#xa0;%</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="337"/>
        <source>Calibrated: %1</source>
        <translation>Kalibriert: %1</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="346"/>
        <source>the per-layer search reached the time limit (%1 s): plans below are the best found so far, not proven optimal</source>
        <translation>die schichtweise Suche hat das Zeitlimit erreicht (%1 s): die Pläne sind die bisher besten, nicht bewiesen optimal</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="355"/>
        <source>the uniform search reached the time limit (%1 s): plans below are the best found so far, not proven optimal</source>
        <translation>die Suche nach einheitlichen Plänen hat das Zeitlimit erreicht (%1 s): die Pläne sind die bisher besten, nicht bewiesen optimal</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="363"/>
        <source>the time limit (%1 s) stopped the time/memory frontier after %2 of %3 points: the plans below are proven optimal, the frontier is partial</source>
        <translation>das Zeitlimit (%1 s) hat die Pareto-Front nach %2 von %3 Punkten angehalten: die Pläne sind bewiesen optimal, die Front ist unvollständig</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="379"/>
        <source>no configuration survives the constraints on %1 GPUs (see the decision tree)</source>
        <translation>keine Konfiguration übersteht die Einschränkungen auf %1 GPUs (siehe Entscheidungsbaum)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="382"/>
        <source>%1 needs at least %2 GiB/GPU for model states with the most sharded strategy on %3 GPUs (incl. %4 GiB reserved); the budget is %5 GiB</source>
        <translation>%1 braucht mindestens %2 GiB/GPU für die Modellzustände mit der am stärksten geteilten Strategie auf %3 GPUs (inkl. %4 GiB Reserve); das Budget ist %5 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="388"/>
        <source>%1 on %2 GPUs: model states fit (at least %3 GiB/GPU) but no plan fits activations and transient buffers in the budget of %4 GiB; try a smaller batch, checkpointing, or more micro-batches (Search settings: Max micro-batches)</source>
        <translation>%1 auf %2 GPUs: die Modellzustände passen (mindestens %3 GiB/GPU), aber kein Plan bringt Aktivierungen und Zwischenpuffer im Budget von %4 GiB unter; versuchen Sie einen kleineren Batch, Checkpointing oder mehr Micro-Batches (Sucheinstellungen: Max. Micro-Batches)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="395"/>
        <source>no plan that %1 can run fits the memory budget</source>
        <translation>kein Plan, den %1 ausführen kann, passt in das Speicherbudget</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="406"/>
        <source>global batch %1 is not divisible by %2 data-parallel GPUs</source>
        <translation>die globale Batchgröße %1 ist nicht durch %2 datenparallele GPUs teilbar</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="411"/>
        <source>model states need %1 GiB of host memory, the node has %2 GiB</source>
        <translation>die Modellzustände brauchen %1 GiB Hauptspeicher, der Knoten hat %2 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="418"/>
        <source>even with micro-batch %1 one GPU needs %2 GiB (3 layer buffers %3 GiB), budget %4 GiB</source>
        <translation>selbst mit Micro-Batch %1 braucht eine GPU %2 GiB (3 Schichtpuffer %3 GiB), Budget %4 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="425"/>
        <source>model states + spilled checkpoints need %1 GiB of host memory, the node has %2 GiB</source>
        <translation>Modellzustände + ausgelagerte Checkpoints brauchen %1 GiB Hauptspeicher, der Knoten hat %2 GiB</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="428"/>
        <source>no micro-batch size fits</source>
        <translation>keine Micro-Batch-Größe passt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="435"/>
        <source>no feasible plan on any allowed GPU count</source>
        <translation>kein machbarer Plan bei irgendeiner erlaubten GPU-Anzahl</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="437"/>
        <source>no plan fits</source>
        <translation>kein Plan passt</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="440"/>
        <source>%1; spilling: %2</source>
        <translation>%1; Auslagern: %2</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="441"/>
        <source>no feasible plan on any allowed GPU count (on %1 GPUs: %2)</source>
        <translation>kein machbarer Plan bei irgendeiner erlaubten GPU-Anzahl (auf %1 GPUs: %2)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="446"/>
        <source>optimal</source>
        <translation>optimal</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="448"/>
        <source>optimal (meets lower bound)</source>
        <translation>optimal (erreicht die untere Schranke)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="450"/>
        <source>heuristic</source>
        <translation>heuristisch</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="452"/>
        <source>no feasible job</source>
        <translation>kein ausführbarer Job</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="454"/>
        <source>optimal within 0.01% (no schedule shorter than the heuristic&apos;s)</source>
        <translation>optimal bis auf 0,01 % (kein Ablauf kürzer als der heuristische)</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="456"/>
        <source>the heuristic&apos;s schedule is optimal for the restricted model</source>
        <translation>der heuristische Ablauf ist für das eingeschränkte Modell optimal</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="458"/>
        <source>optimal for the restricted model</source>
        <translation>optimal für das eingeschränkte Modell</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="460"/>
        <source>time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <location filename="../app/core_text.cpp" line="462"/>
        <source>not available (built without COIN-OR CBC)</source>
        <translation>nicht verfügbar (ohne COIN-OR CBC gebaut)</translation>
    </message>
</context>
<context>
    <name>gx::app::DecisionTreeView</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="660"/>
        <source>Decision tree</source>
        <translation>Entscheidungsbaum</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="47"/>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="49"/>
        <source>being solved</source>
        <translation>wird gelöst</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="51"/>
        <source>solved</source>
        <translation>gelöst</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="53"/>
        <source>cut by the bound</source>
        <translation>durch Schranke abgeschnitten</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="55"/>
        <source>no plan fits</source>
        <translation>kein Plan passt</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="57"/>
        <source>pruned by a rule</source>
        <translation>durch Regel beschnitten</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="506"/>
        <source>cut: bound %1/sample</source>
        <translation>abgeschnitten: Schranke %1/Sample</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="517"/>
        <source>best %1/sample</source>
        <translation>bester Wert %1/Sample</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="847"/>
        <source>%1
dimension: %2, %3</source>
        <translation>%1
Dimension: %2, %3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="850"/>
        <source>
pruned by rule &apos;%1&apos;: %2</source>
        <translation>
beschnitten durch Regel „%1“: %2</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="853"/>
        <source>
(the rule: %1)</source>
        <translation>
(die Regel: %1)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="857"/>
        <source>
best of pp=%1: %2 per iteration, %3</source>
        <translation>
bester Wert für pp=%1: %2 pro Iteration, %3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="861"/>
        <source>
configurations cut by the bound: %1 (lower bound %2/sample &gt; incumbent %3/sample)</source>
        <translation>
durch die Schranke abgeschnittene Konfigurationen: %1 (untere Schranke %2/Sample &gt; bisher bester %3/Sample)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="866"/>
        <source>
on the best plan&apos;s path</source>
        <translation>
auf dem Pfad des besten Plans</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="868"/>
        <source>
strategy: %1</source>
        <translation>
Strategie: %1</translation>
    </message>
</context>
<context>
    <name>gx::app::DurationCurve</name>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="14"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="16"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="17"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="22"/>
        <source>Job duration by GPU count</source>
        <translation>Jobdauer nach GPU-Anzahl</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="41"/>
        <source>Click a job in the chart or the table to see why it got its GPU count.</source>
        <translation>Klicken Sie auf einen Job im Diagramm oder in der Tabelle, um zu sehen, warum er seine GPU-Anzahl erhielt.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="42"/>
        <source>%1 on %2 GPUs: duration (bar) and GPU-hours (below) for each GPU count. More GPUs finish sooner but cost more GPU-hours when scaling is imperfect; the schedule trades one against the other to finish all jobs soonest.</source>
        <translation>%1 auf %2 GPUs: Dauer (Balken) und GPU-Stunden (darunter) je GPU-Anzahl. Mehr GPUs sind schneller fertig, kosten aber bei unvollkommener Skalierung mehr GPU-Stunden; der Plan wägt beides ab, damit alle Jobs am frühesten fertig sind.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/scheduler/duration_curve.cpp" line="82"/>
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/duration_curve.cpp" line="85"/>
        <source>%1 GPU·h</source>
        <translation>%1 GPU·h</translation>
    </message>
</context>
<context>
    <name>gx::app::EnginePanel</name>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>Memory (GiB)</source>
        <translation>Speicher (GiB)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="106"/>
        <source>SMs</source>
        <translation>SMs</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="107"/>
        <source>Compute capability</source>
        <translation>Compute Capability</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="107"/>
        <source>SM clock (MHz)</source>
        <translation>SM-Takt (MHz)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="108"/>
        <source>Memory clock (MHz)</source>
        <translation>Speichertakt (MHz)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="108"/>
        <source>Links</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="116"/>
        <source>Refresh devices</source>
        <translation>Geräte aktualisieren</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="116"/>
        <source>Profile GEMMs</source>
        <translation>GEMMs messen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="117"/>
        <source>Profile layer</source>
        <translation>Schicht messen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="117"/>
        <source>Profile HBM</source>
        <translation>HBM messen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="118"/>
        <source>Profile NCCL</source>
        <translation>NCCL messen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="118"/>
        <source>Profile all</source>
        <translation>Alles messen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="126"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="143"/>
        <source>GEMM throughput</source>
        <translation>GEMM-Durchsatz</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="144"/>
        <source>NCCL bus bandwidth</source>
        <translation>NCCL-Busbandbreite</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="150"/>
        <source>Load results…</source>
        <translation>Ergebnisse laden…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="151"/>
        <source>Save results…</source>
        <translation>Ergebnisse speichern…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="152"/>
        <source>Save as cluster profile…</source>
        <translation>Als Cluster-Profil speichern…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="157"/>
        <source>Save measurements</source>
        <translation>Messungen speichern</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="157"/>
        <location filename="../app/views/engine_panel.cpp" line="481"/>
        <location filename="../app/views/engine_panel.cpp" line="495"/>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="161"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="199"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/engine_panel.cpp" line="214"/>
        <source>%n GPU(s), driver %1</source>
        <translation>
            <numerusform>%n GPU, Treiber %1</numerusform>
            <numerusform>%n GPUs, Treiber %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="219"/>
        <location filename="../app/views/engine_panel.cpp" line="228"/>
        <source>CUDA runtime: %1</source>
        <translation>CUDA-Laufzeit: %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="234"/>
        <source>The NVIDIA driver is missing or too old for this build&apos;s CUDA version.</source>
        <translation>Der NVIDIA-Treiber fehlt oder ist zu alt für die CUDA-Version dieses Builds.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="236"/>
        <source>No NVIDIA GPU is installed or visible (check CUDA_VISIBLE_DEVICES).</source>
        <translation>Keine NVIDIA-GPU installiert oder sichtbar (CUDA_VISIBLE_DEVICES prüfen).</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="238"/>
        <source>The GPUs are busy or reserved by another program.</source>
        <translation>Die GPUs sind belegt oder von einem anderen Programm reserviert.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="239"/>
        <source>The CUDA runtime could not start.</source>
        <translation>Die CUDA-Laufzeit konnte nicht starten.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="243"/>
        <source>No GPU found: %1 Profiling needs an NVIDIA GPU. Still available: load saved measurements, view their charts and save them as a cluster profile. Refresh devices checks again.</source>
        <translation>Keine GPU gefunden: %1 Zum Messen wird eine NVIDIA-GPU benötigt. Weiterhin möglich: gespeicherte Messungen laden, ihre Diagramme ansehen und sie als Clusterprofil speichern. „Geräte aktualisieren“ prüft erneut.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="251"/>
        <source>A profiling job is already running.</source>
        <translation>Es läuft bereits eine Messung.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="358"/>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="365"/>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="371"/>
        <source>Needs an NVIDIA GPU with a working driver</source>
        <translation>Benötigt eine NVIDIA-GPU mit funktionierendem Treiber</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="397"/>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="400"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="403"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="429"/>
        <source>smallest GEMM dimension</source>
        <translation>kleinste GEMM-Dimension</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="429"/>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="437"/>
        <source>%1, %2 GPUs</source>
        <translation>%1, %2 GPUs</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="442"/>
        <source>message size (bytes)</source>
        <translation>Nachrichtengröße (Bytes)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="442"/>
        <source>bus bandwidth (GB/s)</source>
        <translation>Busbandbreite (GB/s)</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="457"/>
        <source>Could not save the profile: %1</source>
        <translation>Das Profil konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="466"/>
        <source>Could not save the measurements: %1</source>
        <translation>Die Messungen konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="475"/>
        <source>Could not load measurements: %1</source>
        <translation>Messungen konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="480"/>
        <source>Save as cluster profile</source>
        <translation>Als Cluster-Profil speichern</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="486"/>
        <source>Saved cluster profile %1</source>
        <translation>Cluster-Profil %1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="495"/>
        <source>Load measurements</source>
        <translation>Messungen laden</translation>
    </message>
    <message>
        <location filename="../app/views/engine_panel.cpp" line="499"/>
        <source>Loaded %1</source>
        <translation>%1 geladen</translation>
    </message>
</context>
<context>
    <name>gx::app::ExportDialog</name>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="33"/>
        <source>Export plan</source>
        <translation>Plan exportieren</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="43"/>
        <source>Write an approximation when the format cannot express the plan</source>
        <translation>Näherung schreiben, wenn das Format den Plan nicht ausdrücken kann</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="45"/>
        <source>Off: plans using something this framework cannot run are refused with the reasons; search with this framework as the target instead. On: the closest approximation is written and every change is listed.</source>
        <translation>Aus: Pläne mit etwas, das dieses Framework nicht ausführen kann, werden mit Begründung abgelehnt; suchen Sie stattdessen mit diesem Framework als Ziel. Ein: Die nächstliegende Näherung wird geschrieben und jede Änderung aufgeführt.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="48"/>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="51"/>
        <source>master address (default: first node)</source>
        <translation>Master-Adresse (Standard: erster Knoten)</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="53"/>
        <source>Slurm partition</source>
        <translation>Slurm-Partition</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="55"/>
        <source>container image (optional)</source>
        <translation>Container-Image (optional)</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="57"/>
        <source>training script, e.g. pretrain_gpt.py</source>
        <translation>Trainingsskript, z. B. pretrain_gpt.py</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="63"/>
        <source>Launcher</source>
        <translation>Starter</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="81"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="82"/>
        <source>Save...</source>
        <translation>Speichern...</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="88"/>
        <source>Save export</source>
        <translation>Export speichern</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="139"/>
        <source>Copied %1 characters to the clipboard.</source>
        <translation>%1 Zeichen in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="145"/>
        <source>Nothing to save: this format cannot express the plan exactly.</source>
        <translation>Nichts zu speichern: Dieses Format kann den Plan nicht genau ausdrücken.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="151"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="154"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="163"/>
        <source>No plan to export yet: run a search or open a plan.</source>
        <translation>Noch kein Plan zum Exportieren: Starten Sie eine Suche oder öffnen Sie einen Plan.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="185"/>
        <source>Cannot express: %1</source>
        <translation>Nicht ausdrückbar: %1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="190"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;Refused: %1 cannot run this plan as it was costed.&lt;/span&gt; Search with %2 as the target (search settings), or tick &quot;Write an approximation&quot;.</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;Abgelehnt: %1 kann diesen Plan nicht so ausführen, wie er bewertet wurde.&lt;/span&gt; Suchen Sie mit %2 als Ziel (Sucheinstellungen) oder aktivieren Sie „Näherung schreiben“.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="201"/>
        <source>Not supported by this target: %1</source>
        <translation>Von diesem Ziel nicht unterstützt: %1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="206"/>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="211"/>
        <source>Everything in the plan is expressed in this format.</source>
        <translation>Der gesamte Plan lässt sich in diesem Format ausdrücken.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="212"/>
        <source>%1 note(s): read them before using the export.</source>
        <translation>%1 Hinweis(e): Lesen Sie sie, bevor Sie den Export verwenden.</translation>
    </message>
    <message>
        <location filename="../app/views/export_dialog.cpp" line="215"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;Cannot export: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;Export nicht möglich: %1&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::FileActions</name>
    <message>
        <location filename="../app/file_actions.cpp" line="36"/>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="56"/>
        <source>Open model profile</source>
        <translation>Modellprofil öffnen</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="56"/>
        <location filename="../app/file_actions.cpp" line="64"/>
        <location filename="../app/file_actions.cpp" line="75"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="60"/>
        <source>Import Hugging Face config.json</source>
        <translation>Hugging-Face-config.json importieren</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="60"/>
        <source>config.json (config.json *.json)</source>
        <translation>config.json (config.json *.json)</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="64"/>
        <source>Open cluster profile</source>
        <translation>Cluster-Profil öffnen</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="75"/>
        <source>Open plan</source>
        <translation>Plan öffnen</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="97"/>
        <source>Sequence length set to %1 tokens, the length the plan was searched for (the model had %2).</source>
        <translation>Sequenzlänge auf %1 Token gesetzt, die Länge, für die der Plan gesucht wurde (das Modell hatte %2).</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="112"/>
        <source>Runtime set to %1, the runtime the plan was searched with (it was %2).</source>
        <translation>Laufzeitumgebung auf %1 gesetzt, mit der der Plan gesucht wurde (vorher %2).</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="116"/>
        <source>The plan was searched with the runtime %1, which is not a preset: it is costed with %2.</source>
        <translation>Der Plan wurde mit der Laufzeitumgebung %1 gesucht, die keine Vorlage ist: er wird mit %2 bewertet.</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="124"/>
        <source>Cannot open plan %1: %2</source>
        <translation>Plan %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="142"/>
        <source>Save model profile</source>
        <translation>Modellprofil speichern</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="150"/>
        <source>Save cluster profile</source>
        <translation>Cluster-Profil speichern</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="159"/>
        <source>No plan to save yet.</source>
        <translation>Noch kein Plan zum Speichern.</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="162"/>
        <source>Save plan</source>
        <translation>Plan speichern</translation>
    </message>
    <message>
        <location filename="../app/file_actions.cpp" line="205"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
</context>
<context>
    <name>gx::app::FrontierChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="35"/>
        <source>Plans: iteration time vs peak memory per GPU</source>
        <translation>Pläne: Iterationszeit gegen Spitzenspeicher pro GPU</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="37"/>
        <source>Evaluated plans</source>
        <translation>Bewertete Pläne</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="42"/>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="45"/>
        <source>Pareto-optimal plans</source>
        <translation>Pareto-optimale Pläne</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="49"/>
        <source>Shown plan</source>
        <translation>Angezeigter Plan</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="54"/>
        <source>Memory budget</source>
        <translation>Speicherbudget</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="60"/>
        <source>Peak memory per GPU (GiB)</source>
        <translation>Spitzenspeicher pro GPU (GiB)</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="62"/>
        <source>Iteration time (s)</source>
        <translation>Iterationszeit (s)</translation>
    </message>
</context>
<context>
    <name>gx::app::GanttChart</name>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="36"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="38"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="40"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="41"/>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="48"/>
        <source>Schedule Gantt chart</source>
        <translation>Gantt-Diagramm des Ablaufplans</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="103"/>
        <source>Mark “%1” done at %2</source>
        <translation>„%1“ bei %2 als fertig markieren</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="104"/>
        <source>Mark “%1” failed at %2</source>
        <translation>„%1“ bei %2 als fehlgeschlagen markieren</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="106"/>
        <source>Jobs that started before then keep running; the others are planned again.</source>
        <translation>Vorher gestartete Jobs laufen weiter; die übrigen werden neu geplant.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="157"/>
        <source>nodes %1-%2</source>
        <translation>Knoten %1-%2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="164"/>
        <source>node %1, NVLink island %2</source>
        <translation>Knoten %1, NVLink-Insel %2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="165"/>
        <source>node %1, NVLink islands %2-%3</source>
        <translation>Knoten %1, NVLink-Inseln %2-%3</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="177"/>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="178"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="179"/>
        <source>running (keeps its GPUs)</source>
        <translation>läuft (behält seine GPUs)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="180"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 GPUs (ids %4-%5)&lt;br&gt;start %6, end %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3 GPUs (IDs %4-%5)&lt;br&gt;Start %6, Ende %7</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="188"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 GPUs (ids %3-%4)&lt;br&gt;start %5, end %6&lt;br&gt;iteration %7 s, peak memory %8 GiB&lt;br&gt;%9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 GPUs (IDs %3-%4)&lt;br&gt;Start %5, Ende %6&lt;br&gt;Iteration %7 s, Spitzenspeicher %8 GiB&lt;br&gt;%9</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="223"/>
        <source>No schedule yet: add jobs to plan them.</source>
        <translation>Noch kein Ablaufplan: Fügen Sie Jobs hinzu, um sie zu planen.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="160"/>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="235"/>
        <source>node %1</source>
        <translation>Knoten %1</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="297"/>
        <source>%1 (done)</source>
        <translation>%1 (fertig)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="299"/>
        <source>%1 (failed)</source>
        <translation>%1 (fehlgeschlagen)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="332"/>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/gantt_chart.cpp" line="340"/>
        <source>lower bound</source>
        <translation>untere Schranke</translation>
    </message>
</context>
<context>
    <name>gx::app::LayerTableModel</name>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="113"/>
        <source>Layer %1 (%2) on stage %3
forward %4, backward %5 (recompute %6)
TP/CP/EP comm %7, ZeRO-3 exposed %8, gradient sync per iteration %9
weights %10, grads %11, optimizer %12</source>
        <translation>Schicht %1 (%2) auf Stufe %3
Vorwärts %4, Rückwärts %5 (Neuberechnung %6)
TP/CP/EP-Kommunikation %7, ZeRO-3 sichtbar %8, Gradientensynchronisation pro Iteration %9
Gewichte %10, Gradienten %11, Optimierer %12</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="137"/>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="139"/>
        <source>Stack</source>
        <translation>Stapel</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="141"/>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="143"/>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="145"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="147"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="149"/>
        <source>DP type</source>
        <translation>DP-Art</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="151"/>
        <source>Checkpoint</source>
        <translation>Checkpointing</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="153"/>
        <source>Time / micro-batch</source>
        <translation>Zeit / Micro-Batch</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="155"/>
        <source>Exposed comm</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="157"/>
        <source>Model states</source>
        <translation>Modellzustände</translation>
    </message>
    <message>
        <location filename="../app/views/layer_table_model.cpp" line="159"/>
        <source>Activations / micro-batch</source>
        <translation>Aktivierungen / Micro-Batch</translation>
    </message>
</context>
<context>
    <name>gx::app::MainWindow</name>
    <message>
        <location filename="../app/main_window.cpp" line="69"/>
        <source>Galvatron Explorer</source>
        <translation>Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="96"/>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="97"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="98"/>
        <source>Timeline</source>
        <translation>Zeitachse</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="99"/>
        <source>Decision tree</source>
        <translation>Entscheidungsbaum</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="100"/>
        <source>Frontier</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="101"/>
        <source>Sweeps</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="111"/>
        <location filename="../app/main_window.cpp" line="428"/>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="112"/>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="114"/>
        <source>Multi-model</source>
        <translation>Mehrere Modelle</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="117"/>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="127"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="128"/>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="146"/>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="147"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="148"/>
        <source>Search the best plans (Ctrl+R)</source>
        <translation>Die besten Pläne suchen (Strg+R)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="149"/>
        <source>Cancel the search (Esc)</source>
        <translation>Die Suche abbrechen (Esc)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="165"/>
        <source>Best plans:</source>
        <translation>Beste Pläne:</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="134"/>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="225"/>
        <source>Frontier plan %1</source>
        <translation>Plan %1 der Front</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="81"/>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="269"/>
        <source>the last model (%1) did not load: %2</source>
        <translation>das zuletzt verwendete Modell (%1) ließ sich nicht laden: %2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="273"/>
        <source>the last cluster (%1) did not load: %2</source>
        <translation>der zuletzt verwendete Cluster (%1) ließ sich nicht laden: %2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="280"/>
        <source>Started with the default profiles: %1.</source>
        <translation>Mit den Standardprofilen gestartet: %1.</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="322"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="323"/>
        <source>Open &amp;model profile...</source>
        <translation>&amp;Modellprofil öffnen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="325"/>
        <source>&amp;Import Hugging Face config.json...</source>
        <translation>Hugging-Face-config.json &amp;importieren...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="327"/>
        <source>Open &amp;cluster profile...</source>
        <translation>&amp;Cluster-Profil öffnen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="329"/>
        <source>Open &amp;plan...</source>
        <translation>&amp;Plan öffnen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="330"/>
        <source>&amp;Recent files</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="332"/>
        <source>Save model profile as...</source>
        <translation>Modellprofil speichern unter...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="333"/>
        <source>Save cluster profile as...</source>
        <translation>Cluster-Profil speichern unter...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="334"/>
        <source>&amp;Save plan as...</source>
        <translation>Plan &amp;speichern unter...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="336"/>
        <source>&amp;Export plan...</source>
        <translation>Plan &amp;exportieren...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="339"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="342"/>
        <source>&amp;Search</source>
        <translation>&amp;Suche</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="343"/>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="345"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="347"/>
        <source>Run &amp;sweeps</source>
        <translation>Ska&amp;lierung berechnen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="353"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="371"/>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="373"/>
        <location filename="../app/main_window.cpp" line="388"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="374"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="375"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="386"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="403"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="404"/>
        <source>&amp;Notation</source>
        <translation>&amp;Notation</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="407"/>
        <source>Notation</source>
        <translation>Notation</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="413"/>
        <source>&amp;About Galvatron Explorer</source>
        <translation>Ü&amp;ber Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="415"/>
        <source>About Galvatron Explorer</source>
        <translation>Über Galvatron Explorer</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="416"/>
        <source>&lt;h3&gt;Galvatron Explorer %1&lt;/h3&gt;&lt;p&gt;Plans hybrid-parallel training (data, tensor, pipeline, sequence parallelism, ZeRO, checkpointing) of Transformer models, after Galvatron (Miao et al., VLDB 2023).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Galvatron Explorer %1&lt;/h3&gt;&lt;p&gt;Plant hybrid-paralleles Training (Daten-, Tensor-, Pipeline- und Sequenzparallelität, ZeRO, Checkpointing) von Transformer-Modellen nach Galvatron (Miao et al., VLDB 2023).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="422"/>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="504"/>
        <source>Fix the profile first: %1</source>
        <translation>Korrigieren Sie zuerst das Profil: %1</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="523"/>
        <source>Searching...</source>
        <translation>Suche läuft...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="534"/>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen...</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="576"/>
        <source>Elapsed %1, finishing</source>
        <translation>Vergangen %1, wird abgeschlossen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="579"/>
        <source>Elapsed %1, less than a second left</source>
        <translation>Vergangen %1, weniger als eine Sekunde übrig</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="581"/>
        <source>Elapsed %1, about %2 left</source>
        <translation>Vergangen %1, noch etwa %2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="577"/>
        <source>Elapsed %1</source>
        <translation>Vergangen %1</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="561"/>
        <source>Best so far: %1, %2: %3</source>
        <translation>Bisher am besten: %1, %2: %3</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="656"/>
        <source>%1. %2, %3: %4</source>
        <translation>%1. %2, %3: %4</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="660"/>
        <source>%1. no longer fits the inputs: %2</source>
        <translation>%1. passt nicht mehr zu den Eingaben: %2</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="665"/>
        <source>%1 in %2: %3 tree nodes (%4 pruned), %5 plans evaluated</source>
        <translation>%1 in %2: %3 Baumknoten (%4 beschnitten), %5 Pläne bewertet</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="666"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="666"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="678"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#d0302a&apos;&gt;Kein Plan passt: %1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="635"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="636"/>
        <source>%1 (field %2)</source>
        <translation>%1 (Feld %2)</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="683"/>
        <source>Inputs changed since the search: its plans are shown re-costed with them; run the search again (Ctrl+R).</source>
        <translation>Eingaben seit der Suche geändert: ihre Pläne werden mit ihnen neu bewertet angezeigt; starten Sie die Suche erneut (Strg+R).</translation>
    </message>
    <message>
        <location filename="../app/main_window.cpp" line="706"/>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
</context>
<context>
    <name>gx::app::MemoryBarsWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="66"/>
        <source>Memory per stage</source>
        <translation>Speicher pro Stufe</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="70"/>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Transient</source>
        <translation>Temporär</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Embedding/head</source>
        <translation>Embedding/Kopf</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="71"/>
        <source>Reserved</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="141"/>
        <source>No plan yet: run a search or evaluate a plan.</source>
        <translation>Noch kein Plan: Starten Sie eine Suche oder bewerten Sie einen Plan.</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="164"/>
        <source>Peak memory per GPU, by pipeline stage</source>
        <translation>Spitzenspeicher pro GPU nach Pipeline-Stufe</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="202"/>
        <location filename="../app/views/plan_widgets.cpp" line="238"/>
        <location filename="../app/views/plan_widgets.cpp" line="256"/>
        <source>stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="214"/>
        <source>GPU capacity %1</source>
        <translation>GPU-Kapazität %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="217"/>
        <source>budget %1</source>
        <translation>Budget %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="278"/>
        <source>Stage %1: %2</source>
        <translation>Stufe %1: %2</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="283"/>
        <source>Parameters per GPU: %1</source>
        <translation>Parameter je GPU: %1</translation>
    </message>
</context>
<context>
    <name>gx::app::ModelEditor</name>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="108"/>
        <source>Built-in model presets</source>
        <translation>Eingebaute Modellvorlagen</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="109"/>
        <source>(custom model)</source>
        <translation>(eigenes Modell)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="116"/>
        <source>Open a model profile or config.json</source>
        <translation>Ein Modellprofil oder eine config.json öffnen</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="118"/>
        <source>HF</source>
        <translation>HF</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="119"/>
        <source>Import a Hugging Face config.json</source>
        <translation>Eine Hugging-Face-config.json importieren</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="121"/>
        <source>Save the model profile as JSON</source>
        <translation>Das Modellprofil als JSON speichern</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="145"/>
        <source>gated FFN (SwiGLU)</source>
        <translation>Gated FFN (SwiGLU)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="146"/>
        <source>tied embeddings</source>
        <translation>Gekoppelte Embeddings</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="147"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="148"/>
        <source>Stack</source>
        <translation>Stapel</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="149"/>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="150"/>
        <source>Hidden size</source>
        <translation>Hidden-Größe</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="151"/>
        <source>FFN size</source>
        <translation>FFN-Größe</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="152"/>
        <source>Attention heads</source>
        <translation>Attention-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="153"/>
        <source>KV heads</source>
        <translation>KV-Köpfe</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="154"/>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="155"/>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="172"/>
        <source>mixture of experts</source>
        <translation>Mixture of Experts</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="173"/>
        <source>Routed experts in place of the dense FFN (the FFN size is one expert&apos;s)</source>
        <translation>Geroutete Experten statt des dichten FFN (die FFN-Größe ist die eines Experten)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="180"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="182"/>
        <source>dropless</source>
        <translation>ohne Verwerfen</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="183"/>
        <source>Routed experts</source>
        <translation>Geroutete Experten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="184"/>
        <source>Experts per token (top-k)</source>
        <translation>Experten pro Token (Top-k)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="185"/>
        <source>Shared experts</source>
        <translation>Geteilte Experten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="186"/>
        <source>Shared expert FFN size</source>
        <translation>FFN-Größe geteilter Experten</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="187"/>
        <source>Capacity factor</source>
        <translation>Kapazitätsfaktor</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="189"/>
        <source>multi-latent attention</source>
        <translation>Multi-Latent-Attention</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="190"/>
        <source>DeepSeek-V2/V3 attention: low-rank compressed keys and values</source>
        <translation>Attention von DeepSeek-V2/V3: niedrigrangig komprimierte Keys und Values</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="194"/>
        <source>full rank</source>
        <translation>voller Rang</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="199"/>
        <source>Query rank</source>
        <translation>Query-Rang</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="200"/>
        <source>Key/value rank</source>
        <translation>Key/Value-Rang</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="201"/>
        <source>Query/key head size without rotary</source>
        <translation>Query/Key-Kopfgröße ohne Rotary</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="202"/>
        <source>Rotary head size</source>
        <translation>Rotary-Kopfgröße</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="203"/>
        <source>Value head size</source>
        <translation>Value-Kopfgröße</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="53"/>
        <source>Cannot load %1: %2</source>
        <translation>%1 kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="320"/>
        <source>Sequence length set to %1 for training (the config&apos;s context window is %2; change it above if you train longer sequences).</source>
        <translation>Sequenzlänge für das Training auf %1 gesetzt (das Kontextfenster der Konfiguration ist %2; ändern Sie sie oben, wenn Sie längere Sequenzen trainieren).</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="395"/>
        <source>%1 layers, %2 B parameters, %3 B active per token (%4)</source>
        <translation>%1 Schichten, %2 Mrd. Parameter, %3 Mrd. aktiv pro Token (%4)</translation>
    </message>
    <message>
        <location filename="../app/views/profile_editors.cpp" line="401"/>
        <source>%1 layers, %2 B parameters (%3)</source>
        <translation>%1 Schichten, %2 Mrd. Parameter (%3)</translation>
    </message>
</context>
<context>
    <name>gx::app::PlanView</name>
    <message>
        <location filename="../app/views/plan_view.cpp" line="63"/>
        <source>No plan yet: choose a model and a cluster, then run the search (Ctrl+R).</source>
        <translation>Noch kein Plan: Wählen Sie ein Modell und einen Cluster und starten Sie dann die Suche (Strg+R).</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="91"/>
        <source>&lt;b&gt;Target %1&lt;/b&gt; (%2): runs this plan exactly as planned.</source>
        <translation>&lt;b&gt;Ziel %1&lt;/b&gt; (%2): führt diesen Plan genau wie geplant aus.</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="94"/>
        <source>&lt;b&gt;Target %1&lt;/b&gt; (%2) cannot run this plan as planned: %3</source>
        <translation>&lt;b&gt;Ziel %1&lt;/b&gt; (%2) kann diesen Plan nicht wie geplant ausführen: %3</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="100"/>
        <source>Price of the target: %1.</source>
        <translation>Preis des Ziels: %1.</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="103"/>
        <source>The best plan for any runtime uses what %1 cannot express: %2%3</source>
        <translation>Der beste Plan für beliebige Laufzeit nutzt, was %1 nicht ausdrücken kann: %2%3</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="106"/>
        <source> (+%1 more, hover)</source>
        <translation> (+%1 weitere, Maus darüber)</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="130"/>
        <source>Runs exactly as planned on every target framework (%1).</source>
        <translation>Läuft auf jedem Ziel-Framework genau wie geplant (%1).</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="133"/>
        <source>No target framework runs this plan exactly as planned (hover for the reasons; search with a target framework for one that does).</source>
        <translation>Kein Ziel-Framework führt diesen Plan genau wie geplant aus (Gründe beim Darüberfahren; suchen Sie mit einem Ziel-Framework nach einem, das es tut).</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="136"/>
        <source>Runs exactly as planned on %1; not on %2 (hover for the reasons).</source>
        <translation>Läuft genau wie geplant auf %1; nicht auf %2 (Gründe beim Darüberfahren).</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="148"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 on %3 (%4 GPUs)&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 auf %3 (%4 GPUs)&lt;br&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="153"/>
        <source>Iteration &lt;b&gt;%1&lt;/b&gt; &amp;nbsp; %2 samples/s &amp;nbsp; %3 tokens/s &amp;nbsp; %4 TFLOP/s per GPU (MFU %5%) &amp;nbsp; peak memory &lt;b&gt;%6&lt;/b&gt; of %7 on stage %8 %9</source>
        <translation>Iteration &lt;b&gt;%1&lt;/b&gt; &amp;nbsp; %2 Samples/s &amp;nbsp; %3 Tokens/s &amp;nbsp; %4 TFLOP/s pro GPU (MFU %5%) &amp;nbsp; Spitzenspeicher &lt;b&gt;%6&lt;/b&gt; von %7 auf Stufe %8 %9</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="162"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;&lt;b&gt;does not fit&lt;/b&gt;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;&lt;b&gt;passt nicht&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="170"/>
        <source>%1 left under the budget, which keeps %2 (%3% of the GPU) free as headroom &amp;nbsp; costed for the %4 runtime, %5</source>
        <translation>%1 frei unter dem Budget, das %2 (%3 % der GPU) als Reserve freihält &amp;nbsp; berechnet für die Laufzeitumgebung %4, %5</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="172"/>
        <source>%1 over the budget, which keeps %2 (%3% of the GPU) free as headroom &amp;nbsp; costed for the %4 runtime, %5</source>
        <translation>%1 über dem Budget, das %2 (%3 % der GPU) als Reserve freihält &amp;nbsp; berechnet für die Laufzeitumgebung %4, %5</translation>
    </message>
    <message>
        <location filename="../app/views/plan_view.cpp" line="183"/>
        <source>Caution: torchtitan&apos;s 1F1B pipeline runs measured %1-%2 GiB more peak memory per GPU than this model predicts (%3 published runs; its interleaved run agrees within 1.2%; cause not identified): keep that much memory free, or use the interleaved schedule.</source>
        <translation>Vorsicht: Die 1F1B-Pipeline-Läufe von torchtitan haben %1-%2 GiB mehr Spitzenspeicher pro GPU gemessen, als dieses Modell vorhersagt (%3 veröffentlichte Läufe; sein verschachtelter Lauf stimmt auf 1,2 % überein; Ursache nicht geklärt): halten Sie so viel Speicher frei oder verwenden Sie den verschachtelten Zeitplan.</translation>
    </message>
</context>
<context>
    <name>gx::app::RuntimeEditor</name>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="204"/>
        <source>Runtime profile: %1</source>
        <translation>Laufzeitprofil: %1</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Identity</source>
        <translation>Identität</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="44"/>
        <source>Recomputation</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Overlap and communication</source>
        <translation>Überlappung und Kommunikation</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Fixed overheads</source>
        <translation>Feste Zusatzkosten</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="45"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="46"/>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="46"/>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="49"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="49"/>
        <source>Name the plans record as their runtime</source>
        <translation>Name, den Pläne als ihre Laufzeitumgebung speichern</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="50"/>
        <source>Framework</source>
        <translation>Framework</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="50"/>
        <source>Training framework the facts describe</source>
        <translation>Trainings-Framework, das die Angaben beschreiben</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="51"/>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="51"/>
        <source>Framework version the facts were read from</source>
        <translation>Framework-Version, aus der die Angaben stammen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="52"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="52"/>
        <source>Where the facts come from</source>
        <translation>Woher die Angaben stammen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="53"/>
        <source>Attention kernel</source>
        <translation>Attention-Kernel</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="54"/>
        <source>flash and efficient kernels never store the s x s scores; eager attention stores scores, softmax and dropout mask</source>
        <translation>flash- und efficient-Kernel speichern die s x s Scores nie; eager-Attention speichert Scores, Softmax und Dropout-Maske</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="56"/>
        <source>Fused norms</source>
        <translation>Fusionierte Normierungen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="57"/>
        <source>Norms store their bf16 input only; off: eager norms keep an fp32 copy as well</source>
        <translation>Normierungen speichern nur ihre bf16-Eingabe; aus: eager-Normierungen behalten zusätzlich eine fp32-Kopie</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="58"/>
        <source>Fused SwiGLU</source>
        <translation>Fusioniertes SwiGLU</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="59"/>
        <source>The gated activation stores the fc1 output only; off: gate, up, silu and product</source>
        <translation>Die gegatete Aktivierung speichert nur die fc1-Ausgabe; aus: Gate, Up, SiLU und Produkt</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="60"/>
        <source>Expanded GQA key/value</source>
        <translation>Erweiterte GQA-Keys/Values</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="61"/>
        <source>Key/value heads are repeated to all query heads before attention and stored</source>
        <translation>Key/Value-Köpfe werden vor der Attention auf alle Query-Köpfe wiederholt und gespeichert</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="62"/>
        <source>Extra stored bytes (x hidden)</source>
        <translation>Zusätzlich gespeicherte Bytes (x hidden)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="63"/>
        <source>Bytes per token and layer the component model does not name, in units of the hidden size</source>
        <translation>Bytes pro Token und Schicht, die das Komponentenmodell nicht benennt, in Einheiten der Hidden-Größe</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="64"/>
        <source>Op-level selective recomputation</source>
        <translation>Selektive Neuberechnung auf Operatorebene</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="65"/>
        <source>On: keep the layer input, the attention output and a fraction of the matmul outputs (torchtitan). Off: recompute the attention core only (Megatron)</source>
        <translation>An: Schichteingabe, Attention-Ausgabe und ein Teil der Matmul-Ausgaben bleiben gespeichert (torchtitan). Aus: nur der Attention-Kern wird neu berechnet (Megatron)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="67"/>
        <source>Matmul outputs kept</source>
        <translation>Behaltene Matmul-Ausgaben</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="68"/>
        <source>Fraction of the matmul outputs an op-level policy keeps</source>
        <translation>Anteil der Matmul-Ausgaben, den eine Strategie auf Operatorebene behält</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="69"/>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="70"/>
        <source>Fraction of tensor-parallel collectives hidden behind GEMMs</source>
        <translation>Anteil der Tensor-parallelen Kollektive, der hinter GEMMs verborgen wird</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="71"/>
        <source>DP overlap</source>
        <translation>DP-Überlappung</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="72"/>
        <source>Fraction of a layer&apos;s backward that can hide its gradient reduction</source>
        <translation>Anteil des Rückwärtsdurchlaufs einer Schicht, der ihre Gradientenreduktion verbergen kann</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="73"/>
        <source>Overlapped parameter all-gather</source>
        <translation>Überlapptes Parameter-All-Gather</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="74"/>
        <source>ZeRO-1/2: the parameter all-gather after the step hides behind the next forward</source>
        <translation>ZeRO-1/2: das Parameter-All-Gather nach dem Schritt verbirgt sich hinter dem nächsten Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="75"/>
        <source>ZeRO-3 overlap</source>
        <translation>ZeRO-3-Überlappung</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="76"/>
        <source>Fraction of a layer&apos;s compute that can hide its ZeRO-3 gathers and reduce-scatters</source>
        <translation>Anteil der Rechenzeit einer Schicht, der ihre ZeRO-3-Gathers und Reduce-Scatters verbergen kann</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="77"/>
        <source>Communication efficiency</source>
        <translation>Kommunikationseffizienz</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="78"/>
        <source>Fraction of the links&apos; collective bandwidth the DP and ZeRO collectives reach</source>
        <translation>Anteil der kollektiven Bandbreite der Verbindungen, den die DP- und ZeRO-Kollektive erreichen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="79"/>
        <source>Keep ZeRO-3 weights unsharded under PP</source>
        <translation>ZeRO-3-Gewichte unter PP ungeteilt halten</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="80"/>
        <source>Weights and gradients stay gathered from the first forward to the last backward</source>
        <translation>Gewichte und Gradienten bleiben vom ersten Vorwärts- bis zum letzten Rückwärtsdurchlauf gesammelt</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="81"/>
        <source>ZeRO-3 live parameters</source>
        <translation>Aktive ZeRO-3-Parameter</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="82"/>
        <source>Most parameters gathered at once (DeepSpeed stage3_max_live_parameters); 0: the running layer and the prefetched next one</source>
        <translation>Höchstzahl gleichzeitig gesammelter Parameter (DeepSpeed stage3_max_live_parameters); 0: die laufende und die vorab geladene nächste Schicht</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="84"/>
        <source>Context parallelism: all-gather K/V</source>
        <translation>Kontextparallelität: K/V per All-Gather</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="85"/>
        <source>On: K/V of all context-parallel ranks are gathered once after the first attention block (PyTorch context_parallel); off: passed rank to rank behind every block (Megatron)</source>
        <translation>Ein: K/V aller kontextparallelen Ränge werden einmal nach dem ersten Attention-Block gesammelt (PyTorch context_parallel); aus: von Rang zu Rang hinter jedem Block weitergereicht (Megatron)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="87"/>
        <source>Context parallelism: dK/dV bytes</source>
        <translation>Kontextparallelität: Bytes je dK/dV</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="88"/>
        <source>Bytes per element of the key/value gradient sums passed between context-parallel ranks (4: fp32)</source>
        <translation>Bytes je Element der Key/Value-Gradientensummen, die zwischen kontextparallelen Rängen weitergereicht werden (4: fp32)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="90"/>
        <source>Hierarchical ZeRO-3 rings</source>
        <translation>Hierarchische ZeRO-3-Ringe</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="91"/>
        <source>Off: flat rings at one GPU&apos;s network share</source>
        <translation>Aus: flache Ringe mit dem Netzwerkanteil einer GPU</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="92"/>
        <source>Grouped expert GEMM efficiency</source>
        <translation>Effizienz gruppierter Experten-GEMMs</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="93"/>
        <source>Mixture-of-experts layers: throughput of the grouped expert GEMMs relative to one dense GEMM of the same size</source>
        <translation>Mixture-of-Experts-Schichten: Durchsatz der gruppierten Experten-GEMMs relativ zu einem dichten GEMM gleicher Größe</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="95"/>
        <source>Expert load imbalance</source>
        <translation>Ungleichgewicht der Experten-Last</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="96"/>
        <source>Expert parallelism: tokens on the busiest expert rank over the average (1 = balanced)</source>
        <translation>Expertenparallelität: Tokens auf dem meistbelasteten Experten-Rang im Verhältnis zum Mittel (1 = ausgeglichen)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="97"/>
        <source>Per-layer overhead (us)</source>
        <translation>Zusatzkosten pro Schicht (µs)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="98"/>
        <source>Per layer and micro-batch, forward and backward: launches, hooks, syncs</source>
        <translation>Pro Schicht und Micro-Batch, vorwärts und rückwärts: Kernel-Starts, Hooks, Synchronisationen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="99"/>
        <source>Per-iteration overhead (s)</source>
        <translation>Zusatzkosten pro Iteration (s)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="100"/>
        <source>Data loading, logging, gradient clipping</source>
        <translation>Laden der Daten, Protokollierung, Gradient-Clipping</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="101"/>
        <source>Weight bytes per parameter</source>
        <translation>Gewichts-Bytes pro Parameter</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="101"/>
        <source>Working weights (2 for bf16/fp16)</source>
        <translation>Arbeitsgewichte (2 für bf16/fp16)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="102"/>
        <source>Gradient bytes per parameter</source>
        <translation>Gradienten-Bytes pro Parameter</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="102"/>
        <source>Gradient buffer dtype (4 for fp32)</source>
        <translation>Datentyp des Gradientenpuffers (4 für fp32)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="103"/>
        <source>Optimizer bytes per parameter</source>
        <translation>Optimierer-Bytes pro Parameter</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="104"/>
        <source>Adam: fp32 master weights and two moments</source>
        <translation>Adam: fp32-Mastergewichte und zwei Momente</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="105"/>
        <source>Allocator fragmentation</source>
        <translation>Fragmentierung des Allokators</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="106"/>
        <source>Caching-allocator slack as a fraction of activations and working memory</source>
        <translation>Verschnitt des Caching-Allokators als Anteil der Aktivierungen und des Arbeitsspeichers</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="107"/>
        <source>Bytes per logit</source>
        <translation>Bytes pro Logit</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="108"/>
        <source>Bytes per logit element around the loss (6 fused, 14 eager fp32)</source>
        <translation>Bytes pro Logit-Element rund um den Loss (6 fusioniert, 14 eager fp32)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="109"/>
        <source>Bytes per logit, vocabulary split</source>
        <translation>Bytes pro Logit, Vokabular geteilt</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="110"/>
        <source>The same when the vocabulary is split over tensor-parallel ranks (0: as above)</source>
        <translation>Dasselbe, wenn das Vokabular auf Tensor-parallele Ränge verteilt ist (0: wie oben)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="111"/>
        <source>Vocabulary padded to a multiple of</source>
        <translation>Vokabular aufgefüllt auf ein Vielfaches von</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="112"/>
        <source>The vocabulary is padded to a multiple of this times its tensor-parallel size (Megatron-LM --make-vocab-size-divisible-by: 128; 0: not padded)</source>
        <translation>Das Vokabular wird auf ein Vielfaches dieses Werts mal seiner Tensor-Parallel-Größe aufgefüllt (Megatron-LM --make-vocab-size-divisible-by: 128; 0: nicht aufgefüllt)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="114"/>
        <source>Keep every micro-batch&apos;s logits</source>
        <translation>Logits jedes Micro-Batches behalten</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="115"/>
        <source>Pipelines keep the last stage&apos;s output of every micro-batch until the step ends</source>
        <translation>Pipelines behalten die Ausgabe der letzten Stufe für jeden Micro-Batch bis zum Ende des Schritts</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="116"/>
        <source>Runtime buffers (GiB)</source>
        <translation>Laufzeitpuffer (GiB)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="117"/>
        <source>Workspaces and communication buffers beyond the cluster&apos;s reserved memory</source>
        <translation>Arbeitsbereiche und Kommunikationspuffer über den reservierten Speicher des Clusters hinaus</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="118"/>
        <source>Memory headroom</source>
        <translation>Speicherreserve</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="119"/>
        <source>Fraction of GPU memory the search keeps free (below 0.5)</source>
        <translation>Anteil des GPU-Speichers, den die Suche frei hält (unter 0,5)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="120"/>
        <source>Trains FP8 linear layers</source>
        <translation>Trainiert FP8-Linearschichten</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="120"/>
        <source>The runtime can run FP8 linear layers</source>
        <translation>Die Laufzeitumgebung kann FP8-Linearschichten ausführen</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="121"/>
        <source>FP8 weight copy bytes</source>
        <translation>Bytes der FP8-Gewichtskopien</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="122"/>
        <source>Bytes per parameter of the FP8 (and transposed) weight copies</source>
        <translation>Bytes pro Parameter der FP8-Gewichtskopien (und transponierten Kopien)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="123"/>
        <source>FP8 cast traffic</source>
        <translation>FP8-Konvertierungsverkehr</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="123"/>
        <source>Extra HBM bytes per linear-layer input element</source>
        <translation>Zusätzliche HBM-Bytes pro Eingabeelement einer Linearschicht</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="124"/>
        <source>FP8 inputs kept for backward</source>
        <translation>FP8-Eingaben für den Rückwärtslauf</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="125"/>
        <source>FP8 linear layers store their inputs in FP8 (1 byte) for the weight gradient (Transformer Engine)</source>
        <translation>FP8-Linearschichten speichern ihre Eingaben für den Gewichtsgradienten in FP8 (1 Byte) (Transformer Engine)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="218"/>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="224"/>
        <source>Use for search</source>
        <translation>Für die Suche verwenden</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="225"/>
        <source>Save as JSON...</source>
        <translation>Als JSON speichern...</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="227"/>
        <source>The next search costs its plans with this runtime</source>
        <translation>Die nächste Suche bewertet ihre Pläne mit dieser Laufzeitumgebung</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="233"/>
        <source>How the training framework implements a plan. Hover a field for its meaning; the user guide cites the source of every preset value.</source>
        <translation>Wie das Trainings-Framework einen Plan umsetzt. Die Bedeutung eines Feldes zeigt sein Tooltip; das Benutzerhandbuch nennt die Quelle jedes Vorgabewerts.</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="302"/>
        <source>Save runtime profile</source>
        <translation>Laufzeitprofil speichern</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="302"/>
        <source>Runtime profile (*.json)</source>
        <translation>Laufzeitprofil (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="307"/>
        <source>Runtime profile</source>
        <translation>Laufzeitprofil</translation>
    </message>
    <message>
        <location filename="../app/views/runtime_editor.cpp" line="307"/>
        <source>Could not save %1: %2</source>
        <translation>Konnte %1 nicht speichern: %2</translation>
    </message>
</context>
<context>
    <name>gx::app::SchedulerPanel</name>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="65"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="67"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="69"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="70"/>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="85"/>
        <source>heuristic</source>
        <translation>Heuristik</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="87"/>
        <source>exact MILP</source>
        <translation>exaktes MILP</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="93"/>
        <source>one job at a time</source>
        <translation>ein Job nach dem anderen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="95"/>
        <source>whole node per job</source>
        <translation>ganzer Knoten pro Job</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="97"/>
        <source>equal split</source>
        <translation>gleichmäßige Aufteilung</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="177"/>
        <source>Cluster:</source>
        <translation>Cluster:</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="182"/>
        <source>Cluster preset, or the path of a cluster profile JSON</source>
        <translation>Cluster-Vorlage oder der Pfad eines Cluster-Profils (JSON)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="186"/>
        <source>Add job</source>
        <translation>Job hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="187"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="215"/>
        <source>MILP time limit:</source>
        <translation>Zeitlimit für MILP:</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="214"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="189"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="191"/>
        <source>Load jobs…</source>
        <translation>Jobs laden…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="192"/>
        <source>Save jobs…</source>
        <translation>Jobs speichern…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="194"/>
        <source>Export schedule JSON…</source>
        <translation>Zeitplan als JSON exportieren…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="195"/>
        <source>Export launch scripts…</source>
        <translation>Startskripte exportieren…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="202"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="572"/>
        <source>Solve exactly (MILP)</source>
        <translation>Exakt lösen (MILP)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="205"/>
        <source>Mixed-integer program solved by COIN-OR CBC, warm-started from the heuristic; reports the proven gap</source>
        <translation>Gemischt-ganzzahliges Programm, gelöst mit COIN-OR CBC, warmgestartet mit der Heuristik; meldet die bewiesene Lücke</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="207"/>
        <source>Not available: built without COIN-OR CBC</source>
        <translation>Nicht verfügbar: ohne COIN-OR CBC gebaut</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="209"/>
        <source>within</source>
        <translation>innerhalb</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="217"/>
        <source>automatically</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="220"/>
        <source>After each heuristic schedule with a gap, run the exact MILP in the background (within the time limit) and show its schedule when it is better</source>
        <translation>Nach jedem heuristischen Zeitplan mit Lücke das exakte MILP im Hintergrund lösen (innerhalb des Zeitlimits) und seinen Zeitplan zeigen, wenn er besser ist</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="223"/>
        <source>Reset progress</source>
        <translation>Fortschritt zurücksetzen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="224"/>
        <source>Forget the jobs marked done or failed on the chart and plan all jobs from the start</source>
        <translation>Im Diagramm als fertig oder fehlgeschlagen markierte Jobs vergessen und alle Jobs von Anfang an planen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Global batch</source>
        <translation>Globale Batchgröße</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="232"/>
        <source>Spill</source>
        <translation>Auslagern</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="238"/>
        <source>Allow Hydra model spilling: layers kept in host memory and streamed over PCIe</source>
        <translation>Hydra-Auslagerung erlauben: Schichten liegen im Hauptspeicher und werden über PCIe nachgeladen</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="247"/>
        <source>Right-click a job to mark it done or failed at that time; the remaining jobs are planned again.</source>
        <translation>Rechtsklick auf einen Job markiert ihn zu diesem Zeitpunkt als fertig oder fehlgeschlagen; die übrigen Jobs werden neu geplant.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>GPU ids</source>
        <translation>GPU-IDs</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="251"/>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="259"/>
        <source>Scheduled jobs</source>
        <translation>Geplante Jobs</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="260"/>
        <source>Why this GPU count</source>
        <translation>Warum diese GPU-Anzahl</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="152"/>
        <source>Right-click a job in the chart to mark it done or failed; click it to see why it got its GPU count.</source>
        <translation>Rechtsklick auf einen Job im Diagramm markiert ihn als fertig oder fehlgeschlagen; ein Klick zeigt, warum er seine GPU-Anzahl erhielt.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="358"/>
        <source>Uses given iteration times per GPU count: %1</source>
        <translation>Verwendet vorgegebene Iterationszeiten je GPU-Anzahl: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="477"/>
        <source>Planning %n job(s)…</source>
        <translation>
            <numerusform>Plane %n Job…</numerusform>
            <numerusform>Plane %n Jobs…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="527"/>
        <source>Solving…</source>
        <translation>Wird gelöst…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="535"/>
        <source>Exact MILP improving this schedule in the background: %1 s of at most %2 s…</source>
        <translation>Exaktes MILP verbessert diesen Zeitplan im Hintergrund: %1 s von höchstens %2 s…</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="625"/>
        <source>%1 (done)</source>
        <translation>%1 (fertig)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="627"/>
        <source>%1 (failed)</source>
        <translation>%1 (fehlgeschlagen)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="629"/>
        <source>%1 (running)</source>
        <translation>%1 (läuft)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="650"/>
        <source>No job can be scheduled.</source>
        <translation>Kein Job kann eingeplant werden.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="660"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="661"/>
        <source>&lt;b&gt;Makespan %1&lt;/b&gt; (%2) · lower bound %3 · gap %4%</source>
        <translation>&lt;b&gt;Gesamtdauer %1&lt;/b&gt; (%2) · untere Schranke %3 · Lücke %4%</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="668"/>
        <source>%1 %2 (%3x)</source>
        <translation>%1 %2 (%3x)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="671"/>
        <source>Baselines: %1</source>
        <translation>Referenzen: %1</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="678"/>
        <source>Re-planned at %1: %2 done, %3 failed, %4 running (they keep their GPUs); the other jobs start no earlier.</source>
        <translation>Neu geplant bei %1: %2 fertig, %3 fehlgeschlagen, %4 laufend (sie behalten ihre GPUs); die übrigen Jobs starten nicht früher.</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="688"/>
        <source>%1 cannot run: %2</source>
        <translation>%1 kann nicht laufen: %2</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="794"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="797"/>
        <source>Load jobs</source>
        <translation>Jobs laden</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="794"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="802"/>
        <source>Jobs JSON (*.json)</source>
        <translation>Jobs-JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="801"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="805"/>
        <source>Save jobs</source>
        <translation>Jobs speichern</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="809"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="813"/>
        <source>Export schedule</source>
        <translation>Ablaufplan exportieren</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="810"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="817"/>
        <location filename="../app/views/scheduler/scheduler_panel.cpp" line="820"/>
        <source>Export launch scripts</source>
        <translation>Startskripte exportieren</translation>
    </message>
</context>
<context>
    <name>gx::app::SearchSettings</name>
    <message>
        <location filename="../app/views/search_settings.cpp" line="39"/>
        <source>any runtime</source>
        <translation>beliebige Laufzeit</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="43"/>
        <source>Search only plans this framework runs exactly as planned (and as exported)</source>
        <translation>Nur Pläne suchen, die dieses Framework genau wie geplant (und exportiert) ausführt</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="47"/>
        <source>Load runtime JSON...</source>
        <translation>Laufzeitprofil-JSON laden...</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="49"/>
        <source>How the training framework implements the plan: stored activations, what overlaps, fixed overheads, calibrated against measured runs (galvatron validate)</source>
        <translation>Wie das Trainings-Framework den Plan umsetzt: gespeicherte Aktivierungen, was sich überlappt, feste Zusatzkosten, kalibriert an gemessenen Läufen (galvatron validate)</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="56"/>
        <source>Numeric format of the linear layers; attention, norms and the optimizer stay in BF16</source>
        <translation>Zahlenformat der linearen Schichten; Attention, Normierungen und Optimierer bleiben in BF16</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="64"/>
        <source>whole cluster</source>
        <translation>ganzer Cluster</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="66"/>
        <source>automatic, or e.g. 64, 128, 256</source>
        <translation>automatisch, oder z. B. 64, 128, 256</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="67"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="68"/>
        <source>GPU memory</source>
        <translation>GPU-Speicher</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="70"/>
        <location filename="../app/views/search_settings.cpp" line="72"/>
        <location filename="../app/views/search_settings.cpp" line="74"/>
        <location filename="../app/views/search_settings.cpp" line="76"/>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="250"/>
        <source>Largest context-parallel degree; searched for sequences of at least %1 tokens</source>
        <translation>Größter kontextparalleler Grad; gesucht für Sequenzen ab %1 Tokens</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="252"/>
        <source>Largest expert-parallel degree (mixture-of-experts layers)</source>
        <translation>Größter expertenparalleler Grad (Mixture-of-Experts-Schichten)</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="79"/>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="82"/>
        <source>all cores</source>
        <translation>alle Kerne</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="84"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="85"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="87"/>
        <source>After this many seconds the per-layer search stops and shows the best plans found so far, marked as not proven optimal</source>
        <translation>Nach so vielen Sekunden hält die schichtweise Suche an und zeigt die bisher besten Pläne, als nicht bewiesen optimal markiert</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="89"/>
        <source>sequence parallelism</source>
        <translation>Sequenzparallelität</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="90"/>
        <source>activation checkpointing</source>
        <translation>Aktivierungs-Checkpointing</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="91"/>
        <source>one strategy for all layers</source>
        <translation>eine Strategie für alle Schichten</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="92"/>
        <source>power-of-two degrees only</source>
        <translation>nur Zweierpotenzen als Grad</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="93"/>
        <source>draw the decision tree live</source>
        <translation>Entscheidungsbaum live zeichnen</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="100"/>
        <source>interleaved</source>
        <translation>verschachtelt</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="102"/>
        <source>pruning rules to switch off, comma-separated</source>
        <translation>abzuschaltende Beschneidungsregeln, durch Kommas getrennt</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="112"/>
        <source>Target framework</source>
        <translation>Ziel-Framework</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="114"/>
        <source>Edit...</source>
        <translation>Bearbeiten...</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="115"/>
        <source>Edit every field of this runtime profile, save it as JSON or use it for the next search</source>
        <translation>Jedes Feld dieses Laufzeitprofils bearbeiten, als JSON speichern oder für die nächste Suche verwenden</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="117"/>
        <source>Runtime</source>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="120"/>
        <source>Precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="121"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="122"/>
        <source>Global batch</source>
        <translation>Globale Batchgröße</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="123"/>
        <source>Memory budget</source>
        <translation>Speicherbudget</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="124"/>
        <source>Max TP / PP</source>
        <translation>Max. TP / PP</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="125"/>
        <source>Max CP / EP</source>
        <translation>Max. CP / EP</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="126"/>
        <source>Max micro-batches</source>
        <translation>Max. Micro-Batches</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="127"/>
        <source>Data parallel</source>
        <translation>Datenparallel</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="129"/>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="135"/>
        <source>Disabled rules</source>
        <translation>Abgeschaltete Regeln</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="136"/>
        <source>Top plans</source>
        <translation>Beste Pläne</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="137"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="138"/>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="178"/>
        <source>Load runtime profile</source>
        <translation>Laufzeitprofil laden</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="179"/>
        <source>Runtime profile (*.json);;All files (*)</source>
        <translation>Laufzeitprofil (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="192"/>
        <source>Runtime profile</source>
        <translation>Laufzeitprofil</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="203"/>
        <source>(edited) %1</source>
        <translation>(bearbeitet) %1</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="264"/>
        <source>Not calibrated against measured runs</source>
        <translation>Nicht an gemessenen Läufen kalibriert</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="267"/>
        <source>Edited in the runtime editor</source>
        <translation>Im Laufzeitprofil-Editor bearbeitet</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="344"/>
        <source>expected positive integers separated by commas, got &quot;%1&quot;</source>
        <translation>erwartet: positive ganze Zahlen, durch Kommas getrennt; erhalten: „%1“</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="351"/>
        <source>the runtime &apos;%1&apos; does not train FP8 linear layers</source>
        <translation>die Laufzeitumgebung &apos;%1&apos; trainiert keine FP8-Linearschichten</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="376"/>
        <source>select at least one data-parallel type</source>
        <translation>wählen Sie mindestens eine Art der Datenparallelität</translation>
    </message>
    <message>
        <location filename="../app/views/search_settings.cpp" line="385"/>
        <source>select at least one pipeline schedule</source>
        <translation>wählen Sie mindestens einen Pipeline-Ablauf</translation>
    </message>
</context>
<context>
    <name>gx::app::Session</name>
    <message>
        <location filename="../app/session.cpp" line="50"/>
        <location filename="../app/session.cpp" line="171"/>
        <source>Baseline (Megatron-style)</source>
        <translation>Referenz (wie Megatron)</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="89"/>
        <location filename="../app/session.cpp" line="96"/>
        <source>Best plan</source>
        <translation>Bester Plan</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="96"/>
        <source>Plan #%1</source>
        <translation>Plan Nr. %1</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="97"/>
        <source>%1 (earlier search)</source>
        <translation>%1 (frühere Suche)</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="132"/>
        <source>Loaded %1</source>
        <translation>%1 geladen</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="138"/>
        <source>Cannot open plan %1: %2</source>
        <translation>Plan %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/session.cpp" line="146"/>
        <source>No plan to save yet.</source>
        <translation>Noch kein Plan zum Speichern.</translation>
    </message>
</context>
<context>
    <name>gx::app::SweepChart</name>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="202"/>
        <location filename="../app/charts/frontier_chart.cpp" line="238"/>
        <source>Throughput vs %1</source>
        <translation>Durchsatz gegen %1</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="204"/>
        <source>Best plan</source>
        <translation>Bester Plan</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="207"/>
        <source>Searched point</source>
        <translation>Gesuchter Punkt</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="211"/>
        <source>Linear scaling from the first point</source>
        <translation>Lineare Skalierung ab dem ersten Punkt</translation>
    </message>
    <message>
        <location filename="../app/charts/frontier_chart.cpp" line="220"/>
        <location filename="../app/charts/frontier_chart.cpp" line="254"/>
        <source>Tokens / s</source>
        <translation>Tokens / s</translation>
    </message>
</context>
<context>
    <name>gx::app::SweepPanel</name>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="31"/>
        <location filename="../app/views/sweep_panel.cpp" line="134"/>
        <location filename="../app/views/sweep_panel.cpp" line="145"/>
        <source>Run sweeps</source>
        <translation>Skalierung berechnen</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="32"/>
        <source>Search the best plan for each GPU count and each global batch size</source>
        <translation>Den besten Plan für jede GPU-Anzahl und jede globale Batchgröße suchen</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="43"/>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="44"/>
        <source>global batch size</source>
        <translation>globale Batchgröße</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="124"/>
        <source>Cancel sweeps</source>
        <translation>Skalierung abbrechen</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="136"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="147"/>
        <source>Done: %1 searches.</source>
        <translation>Fertig: %1 Suchen.</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="156"/>
        <source>Searching %1 GPUs...</source>
        <translation>Suche für %1 GPUs...</translation>
    </message>
    <message>
        <location filename="../app/views/sweep_panel.cpp" line="159"/>
        <source>Searching global batch %1...</source>
        <translation>Suche für globale Batchgröße %1...</translation>
    </message>
</context>
<context>
    <name>gx::app::TimeBreakdownWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="299"/>
        <source>Time breakdown</source>
        <translation>Zeitaufteilung</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>Recompute</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>TP comm</source>
        <translation>TP-Kommunikation</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="303"/>
        <source>CP exchange</source>
        <translation>CP-Austausch</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>DP sync</source>
        <translation>DP-Synchronisation</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>ZeRO-3 gather</source>
        <translation>ZeRO-3-Gather</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>PP send/recv</source>
        <translation>PP Senden/Empfangen</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="304"/>
        <source>EP all-to-all</source>
        <translation>EP-All-to-All</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Layout switch</source>
        <translation>Layoutwechsel</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Bubble</source>
        <translation>Blase</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="305"/>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="331"/>
        <source>No plan yet</source>
        <translation>Noch kein Plan</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="340"/>
        <source>Iteration time %1 on the bottleneck stage</source>
        <translation>Iterationszeit %1 auf der Engpass-Stufe</translation>
    </message>
</context>
<context>
    <name>gx::app::TimelineWidget</name>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="370"/>
        <source>Pipeline timeline</source>
        <translation>Pipeline-Zeitachse</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="421"/>
        <source>stage 00</source>
        <translation>Stufe 00</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="438"/>
        <source>No pipeline to show yet.</source>
        <translation>Noch keine Pipeline zum Anzeigen.</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="449"/>
        <source>%1 schedule, %2 stages x %3 micro-batches: pipeline %4 + sync/optimizer %5; bubble %6%</source>
        <translation>Ablauf %1, %2 Stufen x %3 Micro-Batches: Pipeline %4 + Synchronisation/Optimierer %5; Blase %6%</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="462"/>
        <source>stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <source>forward</source>
        <translation>vorwärts</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <source>backward</source>
        <translation>rückwärts</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <location filename="../app/views/plan_widgets.cpp" line="413"/>
        <source>gradient sync + optimizer</source>
        <translation>Gradientensynchronisation + Optimierer</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="403"/>
        <location filename="../app/views/plan_widgets.cpp" line="413"/>
        <source>idle (bubble)</source>
        <translation>Leerlauf (Blase)</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="407"/>
        <source>light: forward, dark: backward</source>
        <translation>hell: vorwärts, dunkel: rückwärts</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="410"/>
        <source>model chunk %1</source>
        <translation>Modellteil %1</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="531"/>
        <source>%1 of micro-batch %2 (chunk %3) on stage %4
%5 - %6</source>
        <translation>%1 von Micro-Batch %2 (Teil %3) auf Stufe %4
%5 - %6</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="532"/>
        <source>Forward</source>
        <translation>Vorwärts</translation>
    </message>
    <message>
        <location filename="../app/views/plan_widgets.cpp" line="532"/>
        <source>Backward</source>
        <translation>Rückwärts</translation>
    </message>
</context>
<context>
    <name>gx::app::TreePanel</name>
    <message>
        <location filename="../app/views/tree_view.cpp" line="983"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="987"/>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="991"/>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="984"/>
        <source>Fit the whole tree (F, Home)</source>
        <translation>Ganzen Baum einpassen (F, Pos1)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="988"/>
        <source>Zoom in (Ctrl++, +, mouse wheel); pan with the arrow keys or by dragging</source>
        <translation>Vergrößern (Strg++, +, Mausrad); verschieben mit den Pfeiltasten oder durch Ziehen</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="992"/>
        <source>Zoom out (Ctrl+-, -, mouse wheel)</source>
        <translation>Verkleinern (Strg+-, -, Mausrad)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="997"/>
        <source>Find a strategy, e.g. tp4-sp</source>
        <translation>Strategie suchen, z. B. tp4-sp</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="998"/>
        <source>Highlights the nodes whose label or strategy contains the text; Enter goes to the next match (Ctrl+F)</source>
        <translation>Hebt die Knoten hervor, deren Beschriftung oder Strategie den Text enthält; Eingabe springt zum nächsten Treffer (Strg+F)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1097"/>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1097"/>
        <source>being solved</source>
        <translation>wird gelöst</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1098"/>
        <source>solved</source>
        <translation>gelöst</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1098"/>
        <source>cut by the bound</source>
        <translation>durch Schranke abgeschnitten</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1099"/>
        <location filename="../app/views/tree_view.cpp" line="1203"/>
        <source>no plan fits</source>
        <translation>kein Plan passt</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1099"/>
        <source>pruned by a rule</source>
        <translation>durch Regel beschnitten</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1105"/>
        <source>best plan so far</source>
        <translation>bisher bester Plan</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1026"/>
        <source>Click a node to see its state, the DP configurations of its pipeline degree and its strategy&apos;s costs. Grey dashed nodes were pruned; hover them for the rule and the reason.</source>
        <translation>Klicken Sie auf einen Knoten, um seinen Zustand, die DP-Konfigurationen seines Pipeline-Grads und die Kosten seiner Strategie zu sehen. Grau gestrichelte Knoten wurden beschnitten; zeigen Sie darauf für Regel und Grund.</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1129"/>
        <source>%1 nodes, %2 pruned, depth %3</source>
        <translation>%1 Knoten, %2 beschnitten, Tiefe %3</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1131"/>
        <source>; DP: %1 solved, %2 cut, %3 running</source>
        <translation>; DP: %1 gelöst, %2 abgeschnitten, %3 laufend</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1133"/>
        <source>; matches: %1</source>
        <translation>; Treffer: %1</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1155"/>
        <source>&lt;p&gt;&lt;b&gt;Path:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Pfad:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1156"/>
        <source>&lt;p&gt;&lt;b&gt;Dimension:&lt;/b&gt; %1, depth %2, %3 children&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Dimension:&lt;/b&gt; %1, Tiefe %2, %3 Kinder&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1160"/>
        <source>&lt;p&gt;&lt;b&gt;State:&lt;/b&gt; &lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;%2&amp;nbsp;&lt;/span&gt;%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Zustand:&lt;/b&gt; &lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;%2&amp;nbsp;&lt;/span&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1162"/>
        <source> &amp;mdash; on the best plan&apos;s path</source>
        <translation> &amp;mdash; auf dem Pfad des besten Plans</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1164"/>
        <source>&lt;p&gt;&lt;b&gt;Pruned&lt;/b&gt; by rule &lt;code&gt;%1&lt;/code&gt;: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Beschnitten&lt;/b&gt; durch Regel &lt;code&gt;%1&lt;/code&gt;: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1167"/>
        <source>&lt;p&gt;&lt;i&gt;The rule:&lt;/i&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Die Regel:&lt;/i&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1170"/>
        <source>&lt;p&gt;&lt;b&gt;DP configurations for pp=%1:&lt;/b&gt; %2 solved (%3 fit), %4 cut by the bound, %5 running&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;DP-Konfigurationen für pp=%1:&lt;/b&gt; %2 gelöst (%3 passen), %4 durch die Schranke abgeschnitten, %5 laufend&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1188"/>
        <source>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=left&gt;schedule&lt;/th&gt;&lt;th&gt;batch&lt;/th&gt;&lt;th&gt;micro&lt;/th&gt;&lt;th align=right&gt;result&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=left&gt;Ablauf&lt;/th&gt;&lt;th&gt;Batch&lt;/th&gt;&lt;th&gt;Micro&lt;/th&gt;&lt;th align=right&gt;Ergebnis&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1193"/>
        <source>&lt;tr&gt;&lt;td colspan=4&gt;... %1 more&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td colspan=4&gt;... %1 weitere&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1198"/>
        <source>cut: &amp;ge; %1 &amp;gt; %2 per sample</source>
        <translation>abgeschnitten: &amp;ge; %1 &amp;gt; %2 pro Sample</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1201"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1215"/>
        <source>&lt;p&gt;&lt;b&gt;Strategy:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Strategie:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1224"/>
        <source>&lt;p&gt;Cost of one %1 layer for a micro-batch of %2 samples on %3 GPUs:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kosten einer %1-Schicht für einen Micro-Batch von %2 Samples auf %3 GPUs:&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1232"/>
        <source>forward</source>
        <translation>vorwärts</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1233"/>
        <source>backward (incl. recompute)</source>
        <translation>rückwärts (inkl. Neuberechnung)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1234"/>
        <source>TP communication</source>
        <translation>TP-Kommunikation</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1236"/>
        <source>context-parallel exchange</source>
        <translation>Kontextparalleler Austausch</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1238"/>
        <source>expert all-to-alls</source>
        <translation>Experten-All-to-Alls</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1239"/>
        <source>ZeRO-3 exposed</source>
        <translation>ZeRO-3 sichtbar</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1240"/>
        <source>gradient sync / iteration (exposed)</source>
        <translation>Gradientensynchronisation / Iteration (sichtbar)</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1241"/>
        <source>weights + grads + optimizer</source>
        <translation>Gewichte + Gradienten + Optimierer</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1242"/>
        <source>activations / micro-batch</source>
        <translation>Aktivierungen / Micro-Batch</translation>
    </message>
    <message>
        <location filename="../app/views/tree_view.cpp" line="1245"/>
        <source>&lt;p&gt;Cannot cost this strategy: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Strategie kann nicht bewertet werden: %1&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>gx::app::WhatIfPanel</name>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="45"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="51"/>
        <location filename="../app/views/whatif_panel.cpp" line="54"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="57"/>
        <source>as in search settings</source>
        <translation>wie in den Sucheinstellungen</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="60"/>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="61"/>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="62"/>
        <source>GPU memory</source>
        <translation>GPU-Speicher</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="64"/>
        <source>Inter-node bandwidth</source>
        <translation>Bandbreite zwischen Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="65"/>
        <source>Intra-node bandwidth</source>
        <translation>Bandbreite im Knoten</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="66"/>
        <source>Global batch</source>
        <translation>Globale Batchgröße</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="67"/>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="70"/>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="71"/>
        <source>Apply to profiles</source>
        <translation>In Profile übernehmen</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Metric</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Previous best</source>
        <translation>Bisher bester</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="88"/>
        <source>Delta</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="125"/>
        <source>Searching... best plan so far: %1 per iteration.</source>
        <translation>Suche läuft... bisher bester Plan: %1 pro Iteration.</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="131"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="134"/>
        <source>Change a value: the search re-runs and shows the change against the previous best.</source>
        <translation>Ändern Sie einen Wert: Die Suche läuft erneut und zeigt die Änderung gegenüber dem bisher besten Plan.</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="215"/>
        <source>Searching...</source>
        <translation>Suche läuft...</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="233"/>
        <source>What-if best</source>
        <translation>Bester Was-wäre-wenn-Plan</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="234"/>
        <source>Searched in %1 (%2 ms after the last edit).</source>
        <translation>Gesucht in %1 (%2 ms nach der letzten Änderung).</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="240"/>
        <source>&lt;span style=&apos;color:#d0302a&apos;&gt;No plan fits: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d0302a&apos;&gt;Kein Plan passt: %1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="250"/>
        <source>&lt;b&gt;No feasible plan&lt;/b&gt; for these settings.</source>
        <translation>&lt;b&gt;Kein zulässiger Plan&lt;/b&gt; für diese Einstellungen.</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="253"/>
        <source>&lt;b&gt;Best plan now:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Jetzt bester Plan:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="266"/>
        <source>Iteration time</source>
        <translation>Iterationszeit</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="267"/>
        <source>Peak memory / GPU</source>
        <translation>Spitzenspeicher / GPU</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="268"/>
        <source>Throughput (tokens/s)</source>
        <translation>Durchsatz (Tokens/s)</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="269"/>
        <source>Samples / s</source>
        <translation>Samples / s</translation>
    </message>
    <message>
        <location filename="../app/views/whatif_panel.cpp" line="275"/>
        <location filename="../app/views/whatif_panel.cpp" line="278"/>
        <source>-</source>
        <translation>-</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="126"/>
        <source>Galvatron Explorer: plan hybrid-parallel Transformer training. Use --cli &lt;command&gt; ... for the command-line interface.</source>
        <translation>Galvatron Explorer: hybrid-paralleles Transformer-Training planen. Mit --cli &lt;command&gt; ... die Kommandozeilenschnittstelle verwenden.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="131"/>
        <source>Model preset or profile file.</source>
        <translation>Modellvorlage oder Profildatei.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="134"/>
        <source>Cluster preset or profile file.</source>
        <translation>Cluster-Vorlage oder Profildatei.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="138"/>
        <source>Run the search, save the window as PNG, exit.</source>
        <translation>Suche ausführen, Fenster als PNG speichern, beenden.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="141"/>
        <source>View to show: %1, export.</source>
        <translation>Anzuzeigende Ansicht: %1, export.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="145"/>
        <source>Window size WxH.</source>
        <translation>Fenstergröße BxH (z. B. 1600x1000).</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="148"/>
        <source>light, dark or system.</source>
        <translation>light, dark oder system.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="151"/>
        <source>Language: en, de, zh_CN.</source>
        <translation>Sprache: en, de, zh_CN.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="155"/>
        <source>Global batch size(s) to search, e.g. 64,128.</source>
        <translation>Zu durchsuchende globale Batchgröße(n), z. B. 64,128.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="158"/>
        <source>Start a search at once.</source>
        <translation>Sofort eine Suche starten.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="161"/>
        <source>Open this plan JSON at start (the model is trained at the sequence length the plan was searched for; --screenshot then shows it instead of searching).</source>
        <translation>Diesen Plan (JSON) beim Start öffnen (das Modell wird mit der Sequenzlänge trainiert, für die der Plan gesucht wurde; --screenshot zeigt ihn dann, statt zu suchen).</translation>
    </message>
</context>
</TS>
